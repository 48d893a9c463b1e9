import { Badge } from "@/components/ui/badge";
import { cx } from "@/components/ui/cx";
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
    <span
      data-testid="invoice-status"
      data-status={status}
      className={cx(
        "inline-flex items-center gap-1.5 rounded-md font-medium whitespace-nowrap ring-1 ring-inset",
        size === "md" ? "px-2.5 py-1 text-sm" : "px-2 py-0.5 text-xs",
        invoiceTones[status],
      )}
    >
      {status === "confirming" ? (
        <svg viewBox="0 0 24 24" fill="none" className="h-3.5 w-3.5 animate-spin motion-reduce:animate-none" aria-hidden="true">
          <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
          <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        </svg>
      ) : null}
      {INVOICE_STATUS_LABELS[status]}
    </span>
  );
}

export function TransferStatusBadge({ status }: { status: ChainTransferStatus }) {
  return (
    <span data-testid="transfer-status" data-status={status}>
      {status === "credited" ? <Badge tone="green">Credited</Badge> : <Badge tone="amber">Confirming</Badge>}
    </span>
  );
}
