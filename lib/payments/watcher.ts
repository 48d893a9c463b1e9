import { and, asc, eq, exists, gt, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/lib/db/client";
import { chainTransfers, depositAddresses, OPEN_PAYMENT_STATUSES, payments, type ChainTransfer, type Payment } from "@/lib/db/schema";
import { newId } from "@/lib/ids/ids";
import { postLedgerEntry } from "@/lib/ledger/post-entry";
import { notify } from "@/lib/notifications/notify";
import { ChainReadError, type ChainReader, type ChainRecord } from "./chain/chain-reader";
import type { DepositAddress } from "./deposit-addresses";
import { refreshPaymentStatus } from "./payments";
import { componentLogger } from "@/lib/observability/logger";
import { metrics } from "@/lib/observability/metrics";

/**
 * Every scan reads again from this long before the newest transfer it knew: a transfer whose block
 * TronGrid lists late (it only lists confirmed ones) still falls inside the next scan.
 */
export const SCAN_OVERLAP_MS = 10 * 60_000;
/** A transfer may come a little before its invoice by the chain's clock and still count towards it. */
const INVOICE_CLOCK_GRACE_MS = 2 * 60_000;
/** Beyond a bigint column; no real USDT transfer comes near it. */
const MAX_AMOUNT = 9_000_000_000_000_000_000n;
const TOKEN_DECIMALS = 6;
const CREDIT_BATCH = 500;

export interface WatchOptions {
  reader: ChainReader;
  contractAddress: string;
  /** Transfers below this are ignored (address-poisoning dust). */
  dust: bigint;
  /** Addresses with no open invoice are read again after this long (0: on every scan). */
  idleRescanMs: number;
  signal?: AbortSignal;
  log?: (line: string) => void;
}

export interface WatchResult {
  scanned: number;
  failed: number;
  /** Transfers seen for the first time. */
  recorded: number;
  credited: number;
  /** Set when the provider asked us to slow down: the rest of this scan was left for the next one. */
  throttled?: ChainReadError;
}

/** Whether a chain record is a USDT deposit to this address that counts. */
export function isCountedTransfer(record: ChainRecord, address: string, contractAddress: string, dust: bigint): boolean {
  return (
    record.type === "Transfer" &&
    record.contractAddress === contractAddress &&
    record.decimals === TOKEN_DECIMALS &&
    record.to === address &&
    record.value >= dust &&
    record.value > 0n &&
    record.value <= MAX_AMOUNT
  );
}

/**
 * One pass of the chain watcher: read each due deposit address, record the transfers it has not seen,
 * then credit the ones whose block is solidified. Safe to run from many workers at once.
 */
export async function watchChainOnce(db: Db, options: WatchOptions): Promise<WatchResult> {
  const log = options.log ?? ((line: string) => componentLogger("chain-watcher").info(line));
  const result: WatchResult = { scanned: 0, failed: 0, recorded: 0, credited: 0 };
  for (const address of await addressesDue(db, options.idleRescanMs)) {
    if (options.signal?.aborted) return result;
    let records: ChainRecord[];
    try {
      records = await options.reader.incomingTransfers(address.address, options.contractAddress, address.scannedToMs - SCAN_OVERLAP_MS, options.signal);
    } catch (error) {
      result.failed++;
      await recordScanFailure(db, address, error);
      log(`chain watcher: reading ${address.address} failed, its cursor stays: ${(error as Error).message}`);
      if (error instanceof ChainReadError && error.throttled) {
        result.throttled = error;
        return result;
      }
      continue;
    }
    result.scanned++;
    const counted = records.filter((r) => isCountedTransfer(r, address.address, options.contractAddress, options.dust));
    const newest = records.reduce((at, r) => Math.max(at, r.blockTimestampMs), address.scannedToMs);
    result.recorded += await recordTransfers(db, address, counted, newest, options.reader.source);
  }

  const confirming = await confirmingTransfers(db);
  if (confirming.length === 0) return result;
  let solidifiedMs: number;
  try {
    solidifiedMs = await options.reader.solidifiedTimestampMs(options.signal);
  } catch (error) {
    log(`chain watcher: the solidified block could not be read, nothing is credited this time: ${(error as Error).message}`);
    if (error instanceof ChainReadError && error.throttled) result.throttled = error;
    return result;
  }
  for (const transfer of confirming) {
    if (transfer.blockTimestamp.getTime() > solidifiedMs) break;
    if (await creditTransfer(db, transfer.id)) result.credited++;
  }
  return result;
}

/**
 * The oldest transfers still waiting for their block to be final, every tick. The status is a constant
 * rather than a parameter, so that Postgres' generic plan for the prepared statement still uses the
 * partial index of confirming transfers instead of reading every transfer ever credited.
 */
export function confirmingTransfers(db: DbOrTx) {
  return db
    .select()
    .from(chainTransfers)
    .where(sql`${chainTransfers.status} = 'confirming'`)
    .orderBy(asc(chainTransfers.blockTimestamp))
    .limit(CREDIT_BATCH);
}

/** Addresses with an open invoice on every scan; the others once idleRescanMs has passed since their last read. */
function addressesDue(db: Db, idleRescanMs: number): Promise<DepositAddress[]> {
  const hasOpenInvoice = exists(
    db
      .select({ one: sql`1` })
      .from(payments)
      .where(and(eq(payments.userId, depositAddresses.userId), inArray(payments.status, [...OPEN_PAYMENT_STATUSES]))),
  );
  return db
    .select()
    .from(depositAddresses)
    .where(
      or(
        hasOpenInvoice,
        isNull(depositAddresses.lastScanAt),
        lte(depositAddresses.lastScanAt, sql`now() - ${idleRescanMs}::float8 * interval '1 millisecond'`),
      ),
    )
    .orderBy(sql`${depositAddresses.lastScanAt} asc nulls first`);
}

async function recordScanFailure(db: Db, address: DepositAddress, error: unknown): Promise<void> {
  metrics().chainScanErrors.inc();
  await db
    .update(depositAddresses)
    .set({ lastScanAt: sql`now()`, scanFailures: sql`${depositAddresses.scanFailures} + 1`, lastScanError: String((error as Error).message).slice(0, 500) })
    .where(eq(depositAddresses.userId, address.userId));
}

/**
 * Records the transfers of one clean scan and moves the address's cursor, in one transaction. The
 * unique (tx_hash, to_address) makes a transfer seen again, or by another watcher, a no-op.
 */
async function recordTransfers(db: Db, address: DepositAddress, records: ChainRecord[], newestMs: number, source: ChainReader["source"]): Promise<number> {
  return db.transaction(async (tx) => {
    let recorded = 0;
    for (const record of records) {
      const [transfer] = await tx
        .insert(chainTransfers)
        .values({
          id: newId("trf"),
          txHash: record.txHash,
          toAddress: address.address,
          fromAddress: record.from,
          userId: address.userId,
          amount: record.value,
          blockTimestamp: new Date(record.blockTimestampMs),
          source,
        })
        .onConflictDoNothing({ target: [chainTransfers.txHash, chainTransfers.toAddress] })
        .returning();
      if (!transfer) continue;
      recorded++;
      await attributeToInvoice(tx, transfer);
    }
    await tx
      .update(depositAddresses)
      .set({
        scannedToMs: sql`greatest(${depositAddresses.scannedToMs}, ${newestMs})`,
        lastScanAt: sql`now()`,
        lastCleanScanAt: sql`now()`,
        scanFailures: 0,
        lastScanError: null,
      })
      .where(eq(depositAddresses.userId, address.userId));
    return recorded;
  });
}

/**
 * Counts a new transfer towards the oldest invoice that was open at its block time and is not yet
 * covered; with none, it is a deposit of its own (credited all the same).
 */
async function attributeToInvoice(tx: DbOrTx, transfer: ChainTransfer): Promise<void> {
  const open = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.userId, transfer.userId),
        inArray(payments.status, [...OPEN_PAYMENT_STATUSES]),
        gt(payments.expiresAt, transfer.blockTimestamp),
        lte(payments.createdAt, new Date(transfer.blockTimestamp.getTime() + INVOICE_CLOCK_GRACE_MS)),
        sql`${payments.seenAmount} < ${payments.amount}`,
      ),
    )
    .orderBy(asc(payments.createdAt))
    .limit(1)
    .for("update");
  const payment = open[0];
  if (!payment) return;
  await tx.update(chainTransfers).set({ paymentId: payment.id }).where(eq(chainTransfers.id, transfer.id));
  await tx
    .update(payments)
    .set({ seenAmount: sql`${payments.seenAmount} + ${transfer.amount}` })
    .where(eq(payments.id, payment.id));
  await refreshPaymentStatus(tx, payment.id);
}

/**
 * Credits one final transfer: a `topup` ledger entry naming the invoice and the transaction hash.
 * The conditional status change serializes racing watchers, and the unique chain_transfer_id on the
 * ledger makes a second credit fail rather than pay twice. Returns whether this call credited it.
 */
export async function creditTransfer(db: Db, transferId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [transfer] = await tx
      .update(chainTransfers)
      .set({ status: "credited", creditedAt: sql`now()` })
      .where(and(eq(chainTransfers.id, transferId), eq(chainTransfers.status, "confirming")))
      .returning();
    if (!transfer) return false;
    await postLedgerEntry(tx, {
      userId: transfer.userId,
      type: "topup",
      amount: transfer.amount,
      paymentId: transfer.paymentId,
      chainTransferId: transfer.id,
      description: transfer.paymentId
        ? `USDT (TRC-20) top-up for ${transfer.paymentId}, tx ${transfer.txHash}`
        : `USDT (TRC-20) deposit with no open invoice, tx ${transfer.txHash}`,
    });
    let payment: Payment | undefined;
    if (transfer.paymentId) {
      await tx
        .update(payments)
        .set({ receivedAmount: sql`${payments.receivedAmount} + ${transfer.amount}` })
        .where(eq(payments.id, transfer.paymentId));
      payment = await refreshPaymentStatus(tx, transfer.paymentId);
    }
    await notify(
      tx,
      payment?.status === "partially_paid"
        ? {
            userId: transfer.userId,
            kind: "topup_partially_paid",
            paymentId: payment.id,
            received: payment.receivedAmount,
            expected: payment.amount,
            txHash: transfer.txHash,
          }
        : { userId: transfer.userId, kind: "topup_credited", paymentId: transfer.paymentId, credited: transfer.amount, txHash: transfer.txHash },
    );
    return true;
  });
}
