import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { cx } from "@/components/ui/cx";
import { CATEGORY_LABELS } from "./category-labels";
import { PRODUCT_CATEGORIES } from "@/lib/db/schema";

/** One tariff side by side with the others: monthly price and the discount per category. */
export function TierCard({
  tier,
  price,
  discounts,
  current,
  children,
}: {
  tier: string;
  price: string;
  discounts: Record<string, string>;
  current: boolean;
  children?: ReactNode;
}) {
  return (
    <section
      data-testid={`tier-${tier}`}
      className={cx("flex min-w-0 flex-col rounded-xl border bg-white shadow-sm", current ? "border-brand-500 ring-1 ring-brand-500" : "border-slate-200")}
    >
      <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-4">
        <h3 className="text-base font-semibold text-slate-900">{tier}</h3>
        {current ? <Badge tone="blue">Your tier</Badge> : null}
      </div>
      <div className="px-4 pt-4">
        <p className="text-2xl font-semibold tracking-tight text-slate-900 tabular-nums">
          {price} <span className="text-sm font-medium text-slate-500">USD / month</span>
        </p>
      </div>
      <dl className="grow divide-y divide-slate-100 px-4 py-3 text-sm">
        {PRODUCT_CATEGORIES.map((category) => (
          <div key={category} className="flex justify-between gap-3 py-1.5">
            <dt className="text-slate-600">{CATEGORY_LABELS[category] ?? category}</dt>
            <dd className={cx("tabular-nums", Number(discounts[category] ?? 0) > 0 ? "font-medium text-emerald-700" : "text-slate-500")}>
              {Number(discounts[category] ?? 0) > 0 ? `−${discounts[category]} %` : "—"}
            </dd>
          </div>
        ))}
      </dl>
      {children ? <div className="border-t border-slate-100 px-4 py-4">{children}</div> : null}
    </section>
  );
}
