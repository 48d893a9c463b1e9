import { Badge } from "@/components/ui/badge";
import { PendingLink } from "@/components/ui/pending-link";
import type { ProductRecord } from "@/lib/catalog/serialize";
import { categoryLabel } from "./categories";
import { PriceTag } from "./price-tag";
import { StockBadge } from "./stock-badge";

/** One product line in its group; the whole line opens the product view. */
function ProductRow({ product }: { product: ProductRecord }) {
  return (
    <li>
      <PendingLink
        href={`/catalog/${encodeURIComponent(product.sku)}`}
        data-testid="product-card"
        data-sku={product.sku}
        className="group flex items-center justify-between gap-3 px-4 py-3 transition-colors hover:bg-slate-50 focus-visible:bg-brand-50 focus-visible:outline-none sm:px-5"
      >
        {(spinner) => (
          <>
            <span className="min-w-0">
              <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="min-w-0 font-medium wrap-anywhere text-slate-900 group-hover:text-brand-700">{product.name}</span>
                <Badge>{product.region}</Badge>
                {spinner}
              </span>
              <span className="mt-0.5 block truncate font-mono text-xs text-slate-500">{product.sku}</span>
            </span>
            <span className="flex shrink-0 flex-col items-end gap-1 text-right">
              <PriceTag price={product.price} listPrice={product.list_price} className="justify-end" />
              <StockBadge stock={product.stock} inStock={product.in_stock} />
            </span>
          </>
        )}
      </PendingLink>
    </li>
  );
}

/** A group of the catalog (a game, brand or service) as a card of product lines. */
export function ProductGroup({ id, group, category, products }: { id: string; group: string; category: string; products: ProductRecord[] }) {
  return (
    <section
      aria-labelledby={id}
      data-testid="product-group"
      className="min-w-0 overflow-hidden rounded-xl wrap-anywhere border border-slate-200 bg-white shadow-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 border-b border-slate-100 bg-slate-50/60 px-4 py-2.5 sm:px-5">
        <h2 id={id} className="text-sm font-semibold text-slate-900">
          {group}
        </h2>
        <span className="text-xs font-medium text-slate-500">
          {categoryLabel(category)} · {products.length} {products.length === 1 ? "product" : "products"}
        </span>
      </div>
      <ul className="divide-y divide-slate-100">
        {products.map((product) => (
          <ProductRow key={product.sku} product={product} />
        ))}
      </ul>
    </section>
  );
}
