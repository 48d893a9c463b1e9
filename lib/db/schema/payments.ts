import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, micros, timestamptz } from "./columns";
import { users } from "./users";

/**
 * A reseller's permanent USDT deposit address, derived from TRON_XPUB at m/44'/195'/0'/0/{derivation_index}.
 * The row also holds the chain watcher's progress on the address: transfers up to scanned_to_ms are
 * known, and the next scan reads from a little before it.
 */
export const depositAddresses = pgTable(
  "deposit_addresses",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id),
    derivationIndex: integer("derivation_index").notNull(),
    address: text("address").notNull(),
    /** Block time (ms) up to which a clean scan has read the address's transfers. */
    scannedToMs: bigint("scanned_to_ms", { mode: "number" }).notNull(),
    lastScanAt: timestamptz("last_scan_at"),
    /** The last scan that read the address to the end: how far behind the watcher is on it. */
    lastCleanScanAt: timestamptz("last_clean_scan_at"),
    /** Consecutive failed scans, for back-off; the last one's reason. */
    scanFailures: integer("scan_failures").notNull().default(0),
    lastScanError: text("last_scan_error"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("deposit_addresses_index_key").on(t.derivationIndex), uniqueIndex("deposit_addresses_address_key").on(t.address)],
);

export const PAYMENT_STATUSES = ["pending", "confirming", "paid", "partially_paid", "expired"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const OPEN_PAYMENT_STATUSES = ["pending", "confirming", "partially_paid"] as const satisfies readonly PaymentStatus[];

/** A top-up invoice: what the reseller means to send to its deposit address, followed until paid or expired. */
export const payments = pgTable(
  "payments",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    address: text("address").notNull(),
    amount: micros("amount").notNull(),
    status: text("status").$type<PaymentStatus>().notNull().default("pending"),
    /** Every transfer attributed to the invoice, final or not. */
    seenAmount: micros("seen_amount")
      .notNull()
      .default(sql`0`),
    /** The final (credited) part of seen_amount. */
    receivedAmount: micros("received_amount")
      .notNull()
      .default(sql`0`),
    expiresAt: timestamptz("expires_at").notNull(),
    paidAt: timestamptz("paid_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("payments_user_id_idx").on(t.userId, t.id),
    index("payments_open_idx")
      .on(t.userId, t.createdAt)
      .where(sql`${t.status} in ('pending', 'confirming', 'partially_paid')`),
    check("payments_status_valid", sql`${t.status} in ('pending', 'confirming', 'paid', 'partially_paid', 'expired')`),
  ],
);

export type Payment = typeof payments.$inferSelect;

export type ChainTransferStatus = "confirming" | "credited";
export type ChainSource = "trongrid" | "sandbox";

/**
 * A USDT transfer seen on the chain to a deposit address. Unique per transaction and address, so a
 * transfer seen by many scans (or two watchers at once) is recorded once. Its credit is the ledger entry
 * naming it, unique by ledger_entries.chain_transfer_id.
 */
export const chainTransfers = pgTable(
  "chain_transfers",
  {
    id: text("id").primaryKey(),
    txHash: text("tx_hash").notNull(),
    toAddress: text("to_address").notNull(),
    fromAddress: text("from_address").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    /** The invoice it counts towards; null for a deposit with no open invoice (it is credited all the same). */
    paymentId: text("payment_id").references(() => payments.id),
    amount: micros("amount").notNull(),
    blockTimestamp: timestamptz("block_timestamp").notNull(),
    status: text("status").$type<ChainTransferStatus>().notNull().default("confirming"),
    source: text("source").$type<ChainSource>().notNull(),
    creditedAt: timestamptz("credited_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("chain_transfers_tx_to_key").on(t.txHash, t.toAddress),
    index("chain_transfers_user_id_idx").on(t.userId, t.id),
    index("chain_transfers_payment_id_idx").on(t.paymentId),
    index("chain_transfers_confirming_idx")
      .on(t.blockTimestamp)
      .where(sql`${t.status} = 'confirming'`),
  ],
);

export type ChainTransfer = typeof chainTransfers.$inferSelect;

/**
 * The sandbox chain that stands in for TRON in the embedded default: transfers an admin sends.
 * A block is solidified when a transfer at or after its time is made final, as on the real chain.
 */
export const sandboxChainTransfers = pgTable(
  "sandbox_chain_transfers",
  {
    txHash: text("tx_hash").primaryKey(),
    fromAddress: text("from_address").notNull(),
    toAddress: text("to_address").notNull(),
    contractAddress: text("contract_address").notNull(),
    /** In the token's base units (6 decimals: micro-dollars). */
    value: micros("value").notNull(),
    blockTimestamp: timestamptz("block_timestamp").notNull(),
    final: boolean("final").notNull().default(false),
    sentBy: text("sent_by"),
    createdAt: createdAt(),
  },
  (t) => [index("sandbox_chain_transfers_to_idx").on(t.toAddress, t.blockTimestamp)],
);
