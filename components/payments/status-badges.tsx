import { Badge } from "@/components/ui/badge";
import { StatusPill } from "@/components/ui/status-pill";
import type { ChainTransferStatus, PaymentStatus } from "@/lib/db/schema";

const invoiceTones: Record<PaymentStatus, string> = {
  pending: "bg-slate-100 text-slate-700 ring-slate-500/20",
  confirming: "bg-brand-50 text-brand-700 ring-brand-600/20",
  paid: "bg-emerald-50 text-emerald-700 ring-emerald-600/20",
  partially_paid: "bg-amber-50 text-amber-800 ring-amber-600/20",
  expired: "bg-red-50 text-red-700 ring-red-600/20",
};

export const INVOICE_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: "Pending",
  confirming: "Confirming",
  paid: "Paid",
  partially_paid: "Partially paid",
  expired: "Expired",
};

/** An invoice's status; `confirming` spins, as the chain is being waited on. */
export function InvoiceStatusBadge({ status, size = "sm" }: { status: PaymentStatus; size?: "sm" | "md" }) {
  return (
    <StatusPill testId="invoice-status" status={status} tone={invoiceTones[status]} busy={status === "confirming"} size={size}>
      {INVOICE_STATUS_LABELS[status]}
    </StatusPill>
  );
}

export function TransferStatusBadge({ status }: { status: ChainTransferStatus }) {
  return (
    <span data-testid="transfer-status" data-status={status}>
      {status === "credited" ? <Badge tone="green">Credited</Badge> : <Badge tone="amber">Confirming</Badge>}
    </span>
  );
}
