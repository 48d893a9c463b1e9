import { and, eq, gte, sql } from "drizzle-orm";
import { notifyLowBalanceCrossing } from "@/lib/accounts/low-balance";
import type { DbOrTx } from "@/lib/db/client";
import { preparedQuery } from "@/lib/db/prepared";
import { ledgerEntries, users, type LedgerEntry, type LedgerEntryType } from "@/lib/db/schema";
import { AppError, notFound } from "@/lib/errors/app-error";
import { newId } from "@/lib/ids/ids";
import { formatMoney } from "@/lib/money/money";
import { afterCommit } from "@/lib/observability/after-commit";
import { dollars, metrics } from "@/lib/observability/metrics";

export interface PostEntryInput {
  userId: string;
  type: LedgerEntryType;
  /** Positive credits, negative debits, in micro-dollars. */
  amount: bigint;
  description: string;
  orderId?: string | null;
  paymentId?: string | null;
  chainTransferId?: string | null;
  /** The claim a refund answers. */
  claimId?: string | null;
  createdBy?: string | null;
}

/**
 * The conditional debit (or credit) and its ledger entry as one statement: the balance's update is a
 * CTE and the entry is inserted from what it returns, so no entry is written when the condition
 * refuses. Its row lock is held until the commit, and every other charge of that reseller waits on
 * it; as one statement the lock is held for one round trip to the app (the commit) instead of two,
 * which under load is most of the time a reseller's orders wait on each other.
 *
 * The update also returns the reseller's low-balance threshold, as it stands under the row lock, so
 * that a debit crossing it needs no read of its own (lib/accounts/low-balance.ts).
 */
const postEntry = preparedQuery((db) => {
  const moved = db.$with("moved").as(
    db
      .update(users)
      .set({ balance: sql`${users.balance} + ${sql.placeholder("amount")}` })
      .where(and(eq(users.id, sql.placeholder("userId")), gte(sql`${users.balance} + ${sql.placeholder("amount")}`, 0n)))
      .returning({ balance: users.balance, lowBalanceThreshold: users.lowBalanceThreshold }),
  );
  // INSERT ... SELECT takes its values untyped, so each placeholder says its column's type.
  const text = (name: string) => sql<string | null>`${sql.placeholder(name)}::text`;
  const entry = db.$with("entry").as(
    db
      .insert(ledgerEntries)
      .select((qb) =>
        qb
          .select({
            id: sql<string>`${sql.placeholder("id")}::text`.as("id"),
            userId: sql<string>`${sql.placeholder("userId")}::text`.as("user_id"),
            type: sql<LedgerEntryType>`${sql.placeholder("type")}::text`.as("type"),
            amount: sql<bigint>`${sql.placeholder("amount")}::bigint`.as("amount"),
            balanceAfter: moved.balance,
            orderId: text("orderId").as("order_id"),
            paymentId: text("paymentId").as("payment_id"),
            chainTransferId: text("chainTransferId").as("chain_transfer_id"),
            claimId: text("claimId").as("claim_id"),
            description: sql<string>`${sql.placeholder("description")}::text`.as("description"),
            createdBy: text("createdBy").as("created_by"),
            createdAt: sql<Date>`now()`.as("created_at"),
          })
          .from(moved),
      )
      .returning(),
  );
  return db.with(moved, entry).select().from(entry).crossJoin(moved).prepare("post_ledger_entry");
});

export function insufficientBalance(balance: bigint, required: bigint): AppError {
  return new AppError("insufficient_balance", `Balance ${formatMoney(balance)} is below the amount ${formatMoney(required)}.`, {
    balance: formatMoney(balance),
    required: formatMoney(required),
  });
}

/**
 * Moves money on a balance and appends the ledger entry that explains it. The conditional update
 * makes the row lock serialize concurrent charges, so a balance can never go below zero; call it
 * inside the transaction that makes the change the money is for.
 */
export async function postLedgerEntry(tx: DbOrTx, input: PostEntryInput): Promise<LedgerEntry> {
  const [posted] = await postEntry(tx).execute({
    id: newId("txn"),
    userId: input.userId,
    type: input.type,
    amount: input.amount,
    description: input.description,
    orderId: input.orderId ?? null,
    paymentId: input.paymentId ?? null,
    chainTransferId: input.chainTransferId ?? null,
    claimId: input.claimId ?? null,
    createdBy: input.createdBy ?? null,
  });
  if (!posted) {
    const [user] = await tx.select({ balance: users.balance }).from(users).where(eq(users.id, input.userId));
    if (!user) throw notFound("Account");
    throw insufficientBalance(user.balance, -input.amount);
  }
  const { type, amount } = input;
  const { entry, moved } = posted;
  if (amount < 0n) await notifyLowBalanceCrossing(tx, input.userId, entry.balanceAfter - amount, entry.balanceAfter, moved.lowBalanceThreshold);
  afterCommit(() => metrics().ledgerMoney.inc({ direction: amount < 0n ? "out" : "in", type }, Math.abs(dollars(amount))));
  return entry;
}
