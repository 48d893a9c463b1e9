import { sql } from "drizzle-orm";
import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, micros } from "./columns";
import { users } from "./users";

export const LEDGER_ENTRY_TYPES = ["topup", "order", "refund", "subscription", "adjustment"] as const;
export type LedgerEntryType = (typeof LEDGER_ENTRY_TYPES)[number];

/**
 * The append-only ledger, shown to resellers as "transactions". A reseller's balance always
 * equals the sum of its entries' amounts.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    type: text("type").$type<LedgerEntryType>().notNull(),
    amount: micros("amount").notNull(),
    balanceAfter: micros("balance_after").notNull(),
    orderId: text("order_id"),
    paymentId: text("payment_id"),
    /** The USDT transfer a top-up credits; unique, so no transfer can be credited twice whatever races. */
    chainTransferId: text("chain_transfer_id"),
    /** The claim a refund answers. */
    claimId: text("claim_id"),
    description: text("description").notNull(),
    createdBy: text("created_by"),
    createdAt: createdAt(),
  },
  (t) => [
    index("ledger_entries_user_id_idx").on(t.userId, t.id),
    index("ledger_entries_order_id_idx")
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
    uniqueIndex("ledger_entries_chain_transfer_key")
      .on(t.chainTransferId)
      .where(sql`${t.chainTransferId} is not null`),
  ],
);

export type LedgerEntry = typeof ledgerEntries.$inferSelect;
