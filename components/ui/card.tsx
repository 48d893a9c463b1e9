import type { ReactNode } from "react";
import { cx } from "./cx";

/**
 * A card. Its text wraps a long unbroken string anywhere (overflow-wrap: anywhere, which also lets
 * flex and grid children shrink below it) instead of spilling out; words still wrap whole.
 */
export function Card({ children, className }: { children: ReactNode; className?: string }) {
  return <section className={cx("min-w-0 rounded-xl wrap-anywhere border border-slate-200 bg-white shadow-sm", className)}>{children}</section>;
}

export function CardHeader({ title, description, action }: { title: ReactNode; description?: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-4 py-4 sm:px-6">
      <div className="min-w-0">
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        {description ? <p className="mt-1 text-sm text-slate-500">{description}</p> : null}
      </div>
      {action ? <div className="shrink-0">{action}</div> : null}
    </div>
  );
}

export function CardBody({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cx("px-4 py-4 sm:px-6 sm:py-5", className)}>{children}</div>;
}

/** A small figure with its label: balance, tier, key count. */
export function Stat({ label, children, hint }: { label: string; children: ReactNode; hint?: ReactNode }) {
  return (
    <Card className="px-4 py-4 sm:px-5">
      <p className="text-sm font-medium text-slate-500">{label}</p>
      <div className="mt-1 text-2xl font-semibold tracking-tight text-slate-900">{children}</div>
      {hint ? <div className="mt-1 text-sm text-slate-500">{hint}</div> : null}
    </Card>
  );
}
