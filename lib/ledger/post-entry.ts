import { and, eq, gte, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { preparedQuery } from "@/lib/db/prepared";
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

const moveBalance = preparedQuery((db) =>
  db
    .update(users)
    .set({ balance: sql`${users.balance} + ${sql.placeholder("amount")}` })
    .where(and(eq(users.id, sql.placeholder("userId")), gte(sql`${users.balance} + ${sql.placeholder("amount")}`, 0n)))
    .returning({ balance: users.balance })
    .prepare("move_balance"),
);

const appendEntry = preparedQuery((db) =>
  db
    .insert(ledgerEntries)
    .values({
      id: sql.placeholder("id"),
      userId: sql.placeholder("userId"),
      type: sql.placeholder("type"),
      amount: sql.placeholder("amount"),
      balanceAfter: sql.placeholder("balanceAfter"),
      description: sql.placeholder("description"),
      orderId: sql.placeholder("orderId"),
      paymentId: sql.placeholder("paymentId"),
      chainTransferId: sql.placeholder("chainTransferId"),
      createdBy: sql.placeholder("createdBy"),
    })
    .returning()
    .prepare("append_ledger_entry"),
);

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
  const [updated] = await moveBalance(tx).execute({ userId: input.userId, amount: input.amount });
  if (!updated) {
    const [user] = await tx.select({ balance: users.balance }).from(users).where(eq(users.id, input.userId));
    if (!user) throw notFound("Account");
    throw insufficientBalance(user.balance, -input.amount);
  }
  const [entry] = await appendEntry(tx).execute({
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
  });
  return entry;
}
