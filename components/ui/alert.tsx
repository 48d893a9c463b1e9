import type { ReactNode } from "react";
import { cx } from "./cx";

export type AlertTone = "info" | "success" | "error" | "warning";

const tones: Record<AlertTone, string> = {
  info: "border-brand-100 bg-brand-50 text-brand-700",
  success: "border-emerald-200 bg-emerald-50 text-emerald-800",
  error: "border-red-200 bg-red-50 text-red-700",
  warning: "border-amber-200 bg-amber-50 text-amber-800",
};

/** A message box; errors are announced to screen readers. */
export function Alert({ tone = "info", children, className, ...rest }: { tone?: AlertTone; children: ReactNode; className?: string; "data-testid"?: string }) {
  return (
    <div role={tone === "error" ? "alert" : "status"} className={cx("rounded-lg border px-3 py-2 text-sm", tones[tone], className)} {...rest}>
      {children}
    </div>
  );
}
