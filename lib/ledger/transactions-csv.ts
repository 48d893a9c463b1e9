import { csvCell } from "@/lib/csv/csv";
import type { LedgerEntry } from "@/lib/db/schema";
import { formatMoney } from "@/lib/money/money";

/** The API's transaction fields, so that a reseller's books read the same from either. */
export const TRANSACTION_CSV_COLUMNS = ["transaction_id", "created_at", "type", "amount", "balance_after", "order_id", "payment_id", "description"] as const;

/** A transaction's cells in TRANSACTION_CSV_COLUMNS' order; money as signed decimal strings. */
export function transactionCsvCells(entry: LedgerEntry): string[] {
  return [
    csvCell(entry.id),
    csvCell(entry.createdAt.toISOString()),
    entry.type,
    formatMoney(entry.amount),
    formatMoney(entry.balanceAfter),
    csvCell(entry.orderId ?? ""),
    csvCell(entry.paymentId ?? ""),
    csvCell(entry.description, { text: true }),
  ];
}
