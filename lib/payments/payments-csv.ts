import { csvCell } from "@/lib/csv/csv";
import { formatMoney } from "@/lib/money/money";
import type { InvoiceListItem, TransferListItem } from "./admin-lists";
import { paymentStatus } from "./payment-status";

/** The API's payment fields where it has them, so that the books read the same from either, and the reseller of each. */
export const INVOICE_CSV_COLUMNS = [
  "payment_id",
  "created_at",
  "reseller_id",
  "reseller_email",
  "status",
  "amount",
  "received_amount",
  "address",
  "expires_at",
  "paid_at",
  "transaction_ids",
  "tx_hashes",
] as const;

/**
 * An invoice's cells in INVOICE_CSV_COLUMNS' order: the status its money and the clock give it at `now`,
 * as the page and the API show it; money as decimal strings; its credits, oldest first, space-separated.
 */
export function invoiceCsvCells({ payment, reseller, credits }: InvoiceListItem, now: Date): string[] {
  return [
    csvCell(payment.id),
    csvCell(payment.createdAt.toISOString()),
    csvCell(reseller.id),
    csvCell(reseller.email, { text: true }),
    paymentStatus(payment, now),
    formatMoney(payment.amount),
    formatMoney(payment.receivedAmount),
    csvCell(payment.address),
    csvCell(payment.expiresAt.toISOString()),
    csvCell(payment.paidAt?.toISOString() ?? ""),
    csvCell(credits.map((credit) => credit.transactionId).join(" ")),
    csvCell(credits.map((credit) => credit.txHash).join(" ")),
  ];
}

export const TRANSFER_CSV_COLUMNS = [
  "transfer_id",
  "block_timestamp",
  "reseller_id",
  "reseller_email",
  "tx_hash",
  "from_address",
  "to_address",
  "amount",
  "status",
  "payment_id",
  "transaction_id",
  "credited_at",
] as const;

/** A chain transfer's cells in TRANSFER_CSV_COLUMNS' order; the invoice and the ledger entry are empty when it has none (yet). */
export function transferCsvCells({ transfer, reseller, ledgerEntryId }: TransferListItem): string[] {
  return [
    csvCell(transfer.id),
    csvCell(transfer.blockTimestamp.toISOString()),
    csvCell(reseller.id),
    csvCell(reseller.email, { text: true }),
    csvCell(transfer.txHash),
    csvCell(transfer.fromAddress, { text: true }),
    csvCell(transfer.toAddress),
    formatMoney(transfer.amount),
    transfer.status,
    csvCell(transfer.paymentId ?? ""),
    csvCell(ledgerEntryId ?? ""),
    csvCell(transfer.creditedAt?.toISOString() ?? ""),
  ];
}
