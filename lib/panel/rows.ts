import type { LedgerEntry } from "@/lib/db/schema";
import { formatMoney } from "@/lib/money/money";
import { formatDateTime } from "./format";

export interface TransactionRow {
  id: string;
  /** Already formatted for display. */
  date: string;
  type: string;
  description: string;
  /** Signed decimal string, "-19.40". */
  amount: string;
  balanceAfter: string;
}

/** A ledger entry as the transactions table shows it (strings only: safe to hand to any component). */
export function toTransactionRow(entry: LedgerEntry): TransactionRow {
  return {
    id: entry.id,
    date: formatDateTime(entry.createdAt),
    type: entry.type,
    description: entry.description,
    amount: formatMoney(entry.amount),
    balanceAfter: formatMoney(entry.balanceAfter),
  };
}
