import { Money } from "@/components/ui/money";
import { cx } from "@/components/ui/cx";

/** The caller's price, with the list price struck through beside it when a discount applies. */
export function PriceTag({ price, listPrice, size = "md", className }: { price: string; listPrice: string; size?: "md" | "lg"; className?: string }) {
  const discounted = price !== listPrice;
  return (
    <span className={cx("inline-flex flex-wrap items-baseline gap-x-2", className)}>
      <Money amount={price} currency className={cx("font-semibold text-slate-900", size === "lg" ? "text-2xl" : "text-base")} />
      {discounted ? (
        <span className="text-sm text-slate-500 line-through" title="List price">
          <span className="sr-only">List price </span>
          <Money amount={listPrice} />
        </span>
      ) : null}
    </span>
  );
}
