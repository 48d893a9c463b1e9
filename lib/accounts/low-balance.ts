import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { preparedQuery } from "@/lib/db/prepared";
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

/** The reseller's threshold, when a debit took the balance from at or above it to below it. */
const crossedThreshold = preparedQuery((db) =>
  db
    .select({ threshold: users.lowBalanceThreshold })
    .from(users)
    .where(
      and(
        eq(users.id, sql.placeholder("userId")),
        gt(users.lowBalanceThreshold, sql`${sql.placeholder("after")}::bigint`),
        lte(users.lowBalanceThreshold, sql`${sql.placeholder("before")}::bigint`),
      ),
    )
    .prepare("low_balance_crossed"),
);

/**
 * Notifies the reseller when a debit crosses their threshold downwards. Only the crossing counts, so
 * the reminder comes once per crossing: the debits that follow below it say nothing until a credit
 * lifts the balance back over the threshold. Call it in the debit's transaction (postLedgerEntry does).
 */
export async function notifyLowBalanceCrossing(tx: DbOrTx, userId: string, before: Micros, after: Micros): Promise<void> {
  if (after >= before) return;
  const [crossed] = await crossedThreshold(tx).execute({ userId, before, after });
  if (crossed) await notify(tx, { userId, kind: "low_balance", balance: after, threshold: crossed.threshold });
}

export async function setLowBalanceThreshold(db: DbOrTx, userId: string, threshold: Micros): Promise<void> {
  await db.update(users).set({ lowBalanceThreshold: threshold }).where(eq(users.id, userId));
}
