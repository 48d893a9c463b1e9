import type { ChainTransfer, ChainTransferStatus, Payment, PaymentStatus } from "@/lib/db/schema";
import { formatMoney } from "@/lib/money/money";
import type { InvoiceListItem, TransferListItem } from "@/lib/payments/admin-lists";
import { paymentStatus } from "@/lib/payments/payment-status";
import { formatDateTime } from "./format";

export interface TransferRow {
  id: string;
  txHash: string;
  /** Formatted, "10.00". */
  amount: string;
  /** Formatted for display. */
  blockTime: string;
  status: ChainTransferStatus;
  /** The invoice it counts towards (a link on the reseller's side); null when none was open. */
  invoice: { id: string; href: string | null } | null;
  /** The admin's view names the reseller and the ledger entry that credited it. */
  reseller?: { email: string; href: string };
  ledgerEntryId?: string | null;
}

export interface InvoiceRow {
  id: string;
  /** The reseller's own invoice page; the admin's view has none. */
  href: string | null;
  status: PaymentStatus;
  /** Formatted, "25.00". */
  amount: string;
  received: string;
  /** Formatted for display. */
  created: string;
  expires: string;
  /** The admin's view names the reseller and the ledger entries the invoice's transfers produced. */
  reseller?: { email: string; href: string };
  creditIds?: string[];
}

const resellerLink = (reseller: { id: string; email: string }) => ({ email: reseller.email, href: `/admin/resellers/${reseller.id}` });

/** An invoice as the reseller's table shows it: the status is the one its money and the clock give it now. */
export function toInvoiceRow(payment: Payment, now: Date): InvoiceRow {
  return {
    id: payment.id,
    href: `/topup/${payment.id}`,
    status: paymentStatus(payment, now),
    amount: formatMoney(payment.amount),
    received: formatMoney(payment.receivedAmount),
    created: formatDateTime(payment.createdAt),
    expires: formatDateTime(payment.expiresAt),
  };
}

export function toAdminInvoiceRow(item: InvoiceListItem, now: Date): InvoiceRow {
  return {
    ...toInvoiceRow(item.payment, now),
    href: null,
    reseller: resellerLink(item.reseller),
    creditIds: item.credits.map((credit) => credit.transactionId),
  };
}

export function toTransferRow(transfer: ChainTransfer): TransferRow {
  return {
    id: transfer.id,
    txHash: transfer.txHash,
    amount: formatMoney(transfer.amount),
    blockTime: formatDateTime(transfer.blockTimestamp),
    status: transfer.status,
    invoice: transfer.paymentId ? { id: transfer.paymentId, href: `/topup/${transfer.paymentId}` } : null,
  };
}

export function toAdminTransferRow(item: TransferListItem): TransferRow {
  const row = toTransferRow(item.transfer);
  return {
    ...row,
    invoice: row.invoice ? { id: row.invoice.id, href: null } : null,
    reseller: resellerLink(item.reseller),
    ledgerEntryId: item.ledgerEntryId,
  };
}
