import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import type { Micros } from "@/lib/money/money";
import { notify } from "@/lib/notifications/notify";

/** The threshold a reseller starts with (10.00 USD); each sets their own in the panel. */
export const LOW_BALANCE_THRESHOLD: Micros = 10_000_000n;
/** A threshold above this is a typo rather than a choice. */
export const MAX_LOW_BALANCE_THRESHOLD: Micros = 1_000_000_000_000n;

/** A threshold of 0 turns the reminder off: no balance is below it. */
export function isLowBalance(balance: Micros, threshold: Micros = LOW_BALANCE_THRESHOLD): boolean {
  return balance < threshold;
}

/** Whether a debit took the balance from at or above the threshold to below it. */
export function crossesThreshold(before: Micros, after: Micros, threshold: Micros): boolean {
  return after < before && isLowBalance(after, threshold) && !isLowBalance(before, threshold);
}

/**
 * Notifies the reseller when a debit crosses their threshold downwards. Only the crossing counts, so
 * the reminder comes once per crossing: the debits that follow below it say nothing until a credit
 * lifts the balance back over the threshold. Call it in the debit's transaction with the threshold the
 * debit's own statement returned (postLedgerEntry does), so that it needs no read.
 */
export async function notifyLowBalanceCrossing(tx: DbOrTx, userId: string, before: Micros, after: Micros, threshold: Micros): Promise<void> {
  if (crossesThreshold(before, after, threshold)) await notify(tx, { userId, kind: "low_balance", balance: after, threshold });
}

export async function setLowBalanceThreshold(db: DbOrTx, userId: string, threshold: Micros): Promise<void> {
  await db.update(users).set({ lowBalanceThreshold: threshold }).where(eq(users.id, userId));
}
