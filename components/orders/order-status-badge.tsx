import { cx } from "@/components/ui/cx";

const tones: Record<string, string> = {
  processing: "bg-brand-50 text-brand-700 ring-brand-600/20",
  completed: "bg-emerald-50 text-emerald-700 ring-emerald-600/20",
  failed: "bg-red-50 text-red-700 ring-red-600/20",
  refunded: "bg-amber-50 text-amber-800 ring-amber-600/20",
};

/** An order's status; `processing` spins. */
export function OrderStatusBadge({ status, size = "sm" }: { status: string; size?: "sm" | "md" }) {
  return (
    <span
      data-testid="order-status"
      data-status={status}
      className={cx(
        "inline-flex items-center gap-1.5 rounded-md font-medium whitespace-nowrap ring-1 ring-inset",
        size === "md" ? "px-2.5 py-1 text-sm" : "px-2 py-0.5 text-xs",
        tones[status] ?? "bg-slate-100 text-slate-700 ring-slate-500/20",
      )}
    >
      {status === "processing" ? (
        <svg viewBox="0 0 24 24" fill="none" className="h-3.5 w-3.5 animate-spin motion-reduce:animate-none" aria-hidden="true">
          <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
          <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        </svg>
      ) : null}
      {status}
    </span>
  );
}
