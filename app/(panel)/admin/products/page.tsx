import type { Metadata } from "next";
import { CATEGORY_TABS, categoryLabel } from "@/components/catalog/categories";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { filterControlClasses } from "@/components/ui/field";
import { FilterActions } from "@/components/ui/filter-actions";
import { FilterForm } from "@/components/ui/filter-form";
import { Money } from "@/components/ui/money";
import { PageHeader } from "@/components/ui/page-header";
import { PendingLink } from "@/components/ui/pending-link";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { requireAdmin } from "@/lib/auth/session";
import { listProducts } from "@/lib/catalog/list-products";
import { isLowStock } from "@/lib/catalog/low-stock";
import { stockCountText } from "@/lib/catalog/stock-count";
import { productsWithUnreadableCodes } from "@/lib/catalog/unreadable-codes";
import { db } from "@/lib/db/client";
import { PRODUCT_CATEGORIES } from "@/lib/db/schema";
import { formatMoney } from "@/lib/money/money";
import { searchParam } from "@/lib/panel/search-param";
import { EnableToggle } from "./enable-toggle";
import { UnreadableCodesNotice } from "./unreadable-codes-notice";

export const metadata: Metadata = { title: "Products" };

const PAGE_SIZE = 100;

function hrefFor(params: { q?: string; category?: string; stock?: string; cursor?: string }): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
  const text = query.toString();
  return text ? `/admin/products?${text}` : "/admin/products";
}

export default async function AdminProductsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireAdmin();
  const params = await searchParams;
  const q = searchParam(params.q)?.slice(0, 100);
  const category = PRODUCT_CATEGORIES.find((c) => c === searchParam(params.category));
  // "low": on sale and at or below the threshold, what the admin's overview counts.
  const stock = searchParam(params.stock) === "low" ? "low" : undefined;
  const cursorParam = searchParam(params.cursor);
  const cursor = cursorParam && /^[a-z0-9][a-z0-9-]{0,79}$/.test(cursorParam) ? cursorParam : undefined;
  const [page, unreadable] = await Promise.all([
    listProducts(
      db(),
      stock
        ? { q, category, lowStock: true, cursor, limit: PAGE_SIZE }
        : { q, category, includeDisabled: true, capStockCounts: true, cursor, limit: PAGE_SIZE },
    ),
    productsWithUnreadableCodes(db()),
  ]);
  const lowCount = page.data.filter((row) => isLowStock(row.product, row.stock)).length;

  return (
    <>
      <PageHeader
        title="Products"
        description={`Every product, on sale or not, with its stock.${lowCount ? ` ${lowCount} running low.` : ""}`}
        action={
          <PendingLink href="/admin/products/new" className={buttonClasses("primary")}>
            New product
          </PendingLink>
        }
      />
      <UnreadableCodesNotice products={unreadable} />
      <Card>
        <FilterForm action="/admin/products" role="search" className="flex flex-col gap-2 border-b border-slate-100 px-4 py-4 sm:flex-row sm:flex-wrap sm:px-6">
          <label htmlFor="product-search" className="sr-only">
            Search products
          </label>
          <input
            id="product-search"
            name="q"
            type="search"
            defaultValue={q}
            placeholder="Search by name, group or sku"
            className={filterControlClasses("sm:max-w-xs")}
          />
          <label htmlFor="product-category-filter" className="sr-only">
            Category
          </label>
          <select id="product-category-filter" name="category" defaultValue={category ?? ""} className={filterControlClasses("sm:w-48")}>
            <option value="">All categories</option>
            {CATEGORY_TABS.filter((tab) => tab.value).map((tab) => (
              <option key={tab.value} value={tab.value}>
                {tab.label}
              </option>
            ))}
          </select>
          <label htmlFor="product-stock-filter" className="sr-only">
            Stock
          </label>
          <select id="product-stock-filter" name="stock" defaultValue={stock ?? ""} className={filterControlClasses("sm:w-48")}>
            <option value="">Any stock</option>
            <option value="low">On sale, low on stock</option>
          </select>
          <FilterActions submitLabel="Search" clearHref={q || category || stock ? "/admin/products" : null} />
        </FilterForm>
        {page.data.length === 0 ? (
          <EmptyState title={q ? `No product matches “${q}”` : stock ? "No product on sale is low on stock" : "No products"}>
            {stock && !q ? "Every stock product on sale is above its low-stock threshold." : "Search matches part of a name, group or sku."}
          </EmptyState>
        ) : (
          <Table>
            <THead>
              <tr>
                <Th>Product</Th>
                <Th>Category</Th>
                <Th>Group · region</Th>
                <Th align="right">List price</Th>
                <Th align="right">Stock</Th>
                <Th>Status</Th>
                <Th align="right">
                  <span className="sr-only">Actions</span>
                </Th>
              </tr>
            </THead>
            <TBody>
              {page.data.map(({ product, stock }) => {
                const low = isLowStock(product, stock);
                return (
                  <Tr key={product.sku} className={product.enabled ? undefined : "bg-slate-50/80"}>
                    <Td text>
                      <PendingLink href={`/admin/products/${product.sku}`} className="font-medium text-brand-600 hover:text-brand-700 hover:underline">
                        {product.name}
                      </PendingLink>
                      <span className="block font-mono text-xs font-normal break-all text-slate-500">{product.sku}</span>
                    </Td>
                    <Td label="Category" className="whitespace-nowrap">
                      {categoryLabel(product.category)}
                    </Td>
                    <Td label="Group · region" text className="text-slate-600">
                      {product.group} · {product.region}
                    </Td>
                    <Td label="List price" align="right">
                      <Money amount={formatMoney(product.listPrice)} />
                    </Td>
                    <Td label="Stock" align="right" className="whitespace-nowrap">
                      {stock === null ? (
                        <span className="text-slate-500">{product.fulfilment}</span>
                      ) : (
                        <span className="inline-flex items-center gap-2" data-testid="product-stock">
                          {low ? <Badge tone="amber">Low stock</Badge> : null}
                          <span className="tabular-nums">{stockCountText(product, stock)}</span>
                        </span>
                      )}
                    </Td>
                    <Td label="Status">
                      <Badge tone={product.enabled ? "green" : "neutral"}>{product.enabled ? "Enabled" : "Disabled"}</Badge>
                    </Td>
                    <Td label="Actions" align="right">
                      <EnableToggle sku={product.sku} enabled={product.enabled} name={product.name} />
                    </Td>
                  </Tr>
                );
              })}
            </TBody>
          </Table>
        )}
        {cursor || page.nextCursor ? (
          <div className="flex items-center justify-between gap-3 border-t border-slate-100 px-4 py-3 sm:px-6">
            {cursor ? (
              <PendingLink href={hrefFor({ q, category, stock })} className={buttonClasses("ghost", "sm")}>
                ← First
              </PendingLink>
            ) : (
              <span />
            )}
            {page.nextCursor ? (
              <PendingLink href={hrefFor({ q, category, stock, cursor: page.nextCursor })} className={buttonClasses("secondary", "sm")}>
                Next →
              </PendingLink>
            ) : null}
          </div>
        ) : null}
      </Card>
    </>
  );
}
