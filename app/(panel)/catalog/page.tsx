import type { Metadata } from "next";
import { CATEGORY_TABS } from "@/components/catalog/categories";
import { ProductGroup } from "@/components/catalog/product-group";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cx } from "@/components/ui/cx";
import { EmptyState } from "@/components/ui/empty-state";
import { filterControlClasses } from "@/components/ui/field";
import { FilterActions } from "@/components/ui/filter-actions";
import { FilterForm } from "@/components/ui/filter-form";
import { PageHeader } from "@/components/ui/page-header";
import { PendingLink } from "@/components/ui/pending-link";
import { requireCapability } from "@/lib/auth/session";
import { can } from "@/lib/teams/permissions";
import { listPricedProducts } from "@/lib/catalog/priced-products";
import type { ProductRecord } from "@/lib/catalog/serialize";
import { effectiveTier } from "@/lib/subscriptions/rules";
import { db } from "@/lib/db/client";
import { parseMoney } from "@/lib/money/money";
import { PRODUCT_CATEGORIES, type ProductCategory } from "@/lib/db/schema";
import { catalogRegions, parseCatalogFilter } from "@/lib/panel/catalog-filters";
import { filterQuery } from "@/lib/panel/search-param";

export const metadata: Metadata = { title: "Catalog" };

type Params = Record<string, string | string[] | undefined>;

function hrefFor(params: { q?: string; category?: string; region?: string }): string {
  const query = new URLSearchParams();
  if (params.q) query.set("q", params.q);
  if (params.category) query.set("category", params.category);
  if (params.region) query.set("region", params.region);
  const text = query.toString();
  return text ? `/catalog?${text}` : "/catalog";
}

/** Products grouped by their group (game, brand, service), groups in catalog order (category, then name). */
function groupProducts(products: ProductRecord[]): { key: string; group: string; category: ProductCategory; products: ProductRecord[] }[] {
  const groups = new Map<string, { key: string; group: string; category: ProductCategory; products: ProductRecord[] }>();
  for (const product of products) {
    const key = `${product.category}\u0000${product.group}`;
    const entry = groups.get(key) ?? { key, group: product.group, category: product.category, products: [] };
    entry.products.push(product);
    groups.set(key, entry);
  }
  const order = (category: ProductCategory) => PRODUCT_CATEGORIES.indexOf(category);
  const price = (product: ProductRecord) => parseMoney(product.price) ?? 0n;
  for (const entry of groups.values()) entry.products.sort((a, b) => (price(a) < price(b) ? -1 : price(a) > price(b) ? 1 : a.sku.localeCompare(b.sku)));
  return [...groups.values()].sort((a, b) => order(a.category) - order(b.category) || a.group.localeCompare(b.group));
}

export default async function CatalogPage({ searchParams }: { searchParams: Promise<Params> }) {
  const { account: user, memberRole } = await requireCapability("catalog");
  const tier = effectiveTier(user);
  const [params, all] = await Promise.all([searchParams, listPricedProducts(db(), tier)]);
  const regions = catalogRegions(all.data);
  const { q, category, region } = parseCatalogFilter(params, regions);
  const filtered = Boolean(q || category || region);
  const page = filtered ? await listPricedProducts(db(), tier, { category, region, q }) : all;
  const groups = groupProducts(page.data);
  const exportQuery = filterQuery({ q, category, region });

  return (
    <>
      <PageHeader
        title="Catalog"
        description={`Your prices at the ${tier} tier. Codes and keys are delivered from stock at once.`}
        action={
          <>
            <a href={exportQuery ? `/catalog/price-list.csv?${exportQuery}` : "/catalog/price-list.csv"} className={buttonClasses("secondary")} download>
              Download price list
            </a>
            {can(memberRole, "orders_write") ? (
              <PendingLink href="/orders/bulk" className={buttonClasses("secondary")}>
                Bulk order
              </PendingLink>
            ) : null}
          </>
        }
      />

      <Card>
        <FilterForm
          action="/catalog"
          role="search"
          className="flex flex-col gap-2 border-b border-slate-100 px-4 py-4 sm:flex-row sm:flex-wrap sm:items-center sm:px-6"
        >
          {category ? <input type="hidden" name="category" value={category} /> : null}
          <label htmlFor="catalog-search" className="sr-only">
            Search products
          </label>
          <input
            id="catalog-search"
            name="q"
            type="search"
            defaultValue={q}
            placeholder="Search by name, game or sku"
            className={filterControlClasses("sm:max-w-xs")}
          />
          <label htmlFor="catalog-region" className="sr-only">
            Region
          </label>
          <select id="catalog-region" name="region" defaultValue={region ?? ""} className={filterControlClasses("sm:w-44")}>
            <option value="">All regions</option>
            {regions.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
          <FilterActions submitLabel="Search" clearHref={filtered ? "/catalog" : null} />
        </FilterForm>
        <nav aria-label="Categories" className="flex gap-1 overflow-x-auto px-4 py-3 sm:flex-wrap sm:px-6">
          {CATEGORY_TABS.map((tab) => {
            const active = tab.value === category;
            return (
              <PendingLink
                key={tab.label}
                href={hrefFor({ q, region, category: tab.value })}
                aria-current={active ? "page" : undefined}
                className={cx(
                  "shrink-0 rounded-full px-3 py-1 text-sm font-medium whitespace-nowrap",
                  active ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-600 hover:bg-slate-200 hover:text-slate-900",
                )}
              >
                {tab.label}
              </PendingLink>
            );
          })}
        </nav>
      </Card>

      {groups.length === 0 ? (
        <Card className="mt-6">
          <EmptyState
            title={q ? `No products match “${q}”` : "No products here"}
            action={
              filtered ? (
                <PendingLink href="/catalog" className={buttonClasses("secondary", "sm")}>
                  Show all products
                </PendingLink>
              ) : undefined
            }
          >
            {filtered ? "Try another search, category or region." : "The catalog is empty for now."}
          </EmptyState>
        </Card>
      ) : (
        <div className="mt-6 grid items-start gap-4 lg:grid-cols-2">
          {groups.map((group, index) => (
            <ProductGroup key={group.key} id={`group-${index}`} group={group.group} category={group.category} products={group.products} />
          ))}
        </div>
      )}
    </>
  );
}
