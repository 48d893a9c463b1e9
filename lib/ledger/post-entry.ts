import { and, eq, gte, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { ledgerEntries, users, type LedgerEntry, type LedgerEntryType } from "@/lib/db/schema";
import { AppError, notFound } from "@/lib/errors/app-error";
import { newId } from "@/lib/ids/ids";
import { formatMoney } from "@/lib/money/money";

export interface PostEntryInput {
  userId: string;
  type: LedgerEntryType;
  /** Positive credits, negative debits, in micro-dollars. */
  amount: bigint;
  description: string;
  orderId?: string | null;
  paymentId?: string | null;
  chainTransferId?: string | null;
  createdBy?: string | null;
}

/**
 * Moves money on a balance and appends the ledger entry that explains it. The conditional update
 * makes the row lock serialize concurrent charges, so a balance can never go below zero; call it
 * inside the transaction that makes the change the money is for.
 */
export async function postLedgerEntry(tx: DbOrTx, input: PostEntryInput): Promise<LedgerEntry> {
  const [updated] = await tx
    .update(users)
    .set({ balance: sql`${users.balance} + ${input.amount}` })
    .where(and(eq(users.id, input.userId), gte(sql`${users.balance} + ${input.amount}`, 0n)))
    .returning({ balance: users.balance });
  if (!updated) {
    const [user] = await tx.select({ balance: users.balance }).from(users).where(eq(users.id, input.userId));
    if (!user) throw notFound("Account");
    throw new AppError(
      "insufficient_balance",
      `Balance ${formatMoney(user.balance)} is below the amount ${formatMoney(-input.amount)}.`,
      { balance: formatMoney(user.balance), required: formatMoney(-input.amount) },
    );
  }
  const [entry] = await tx
    .insert(ledgerEntries)
    .values({
      id: newId("txn"),
      userId: input.userId,
      type: input.type,
      amount: input.amount,
      balanceAfter: updated.balance,
      description: input.description,
      orderId: input.orderId ?? null,
      paymentId: input.paymentId ?? null,
      chainTransferId: input.chainTransferId ?? null,
      createdBy: input.createdBy ?? null,
    })
    .returning();
  return entry;
}
