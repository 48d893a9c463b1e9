import { StatusPill } from "@/components/ui/status-pill";

const tones: Record<string, string> = {
  processing: "bg-brand-50 text-brand-700 ring-brand-600/20",
  completed: "bg-emerald-50 text-emerald-700 ring-emerald-600/20",
  failed: "bg-red-50 text-red-700 ring-red-600/20",
  refunded: "bg-amber-50 text-amber-800 ring-amber-600/20",
};

/** An order's status; `processing` spins. */
export function OrderStatusBadge({ status, size = "sm" }: { status: string; size?: "sm" | "md" }) {
  return (
    <StatusPill
      testId="order-status"
      status={status}
      tone={tones[status] ?? "bg-slate-100 text-slate-700 ring-slate-500/20"}
      busy={status === "processing"}
      size={size}
    >
      {status}
    </StatusPill>
  );
}
