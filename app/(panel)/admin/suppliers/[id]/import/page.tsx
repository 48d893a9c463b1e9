import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { filterControlClasses } from "@/components/ui/field";
import { FilterActions } from "@/components/ui/filter-actions";
import { FilterForm } from "@/components/ui/filter-form";
import { PageHeader } from "@/components/ui/page-header";
import { PendingLink } from "@/components/ui/pending-link";
import { requireAdmin } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { PRODUCT_CATEGORIES } from "@/lib/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { browseSupplierCatalog, catalogBrowseSchema } from "@/lib/fulfilment/supplier-state";
import { formatMoney } from "@/lib/money/money";
import { searchParam } from "@/lib/panel/search-param";
import { GroupImportForm, ImportForm } from "./import-form";

export const metadata: Metadata = { title: "Import products" };

export default async function ImportPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireAdmin();
  const { id } = await params;
  const raw = await searchParams;
  const query = catalogBrowseSchema.parse({ category: searchParam(raw.category), group: searchParam(raw.group), cursor: searchParam(raw.cursor) });
  let browsed;
  try {
    browsed = await browseSupplierCatalog(db(), id, query);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
  const { supplier, page } = browsed;
  const base = `/admin/suppliers/${supplier.id}/import`;
  const filterQuery = new URLSearchParams();
  if (query.category) filterQuery.set("category", query.category);
  if (query.group) filterQuery.set("group", query.group);
  const filtered = filterQuery.size > 0;
  const nextHref = page.ok && page.nextCursor ? `${base}?${new URLSearchParams({ ...Object.fromEntries(filterQuery), cursor: page.nextCursor })}` : null;
  const rows = page.ok
    ? page.products.map((product) => ({
        id: product.id,
        name: product.name,
        category: product.category,
        group: product.group,
        cost: formatMoney(product.cost),
        currency: product.currency,
        available: product.available,
      }))
    : [];

  return (
    <>
      <PendingLink href={`/admin/suppliers/${supplier.id}`} className="mb-3 inline-flex text-sm font-medium text-slate-500 hover:text-slate-900">
        ← {supplier.name}
      </PendingLink>
      <PageHeader
        title={`Import from ${supplier.name}`}
        description="Pick products of the supplier's catalog and make them ours, priced at their cost in dollars plus a margin. A sync keeps their costs in step."
      />
      <Card>
        <FilterForm
          action={base}
          role="search"
          className="flex flex-col gap-2 border-b border-slate-100 px-4 py-4 sm:flex-row sm:flex-wrap sm:items-end sm:px-6"
        >
          <div>
            <label htmlFor="filter-category" className="block text-xs font-medium text-slate-500">
              Category
            </label>
            <select id="filter-category" name="category" defaultValue={query.category ?? ""} className={filterControlClasses("mt-1")}>
              <option value="">Every category</option>
              {PRODUCT_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </select>
          </div>
          <div className="min-w-0 sm:w-64">
            <label htmlFor="filter-group" className="block text-xs font-medium text-slate-500">
              Group (game, brand or service)
            </label>
            <input
              id="filter-group"
              name="group"
              type="search"
              maxLength={100}
              defaultValue={query.group ?? ""}
              placeholder="exactly as listed"
              className={filterControlClasses("mt-1")}
            />
          </div>
          <FilterActions submitLabel="Browse" clearHref={filtered ? base : null} />
        </FilterForm>
        {!page.ok ? (
          <div className="p-4 sm:p-6">
            <Alert tone="error" data-testid="catalog-error">
              The supplier&apos;s catalog could not be read: {page.reason}
            </Alert>
          </div>
        ) : rows.length === 0 ? (
          <EmptyState title={filtered ? "Nothing of this category or group" : "The supplier lists no products"} />
        ) : (
          <ImportForm supplierId={supplier.id} rows={rows} />
        )}
        {nextHref ? (
          <div className="flex justify-end border-t border-slate-100 px-4 py-3 sm:px-6">
            <PendingLink href={nextHref} className="text-sm font-medium text-brand-600 hover:text-brand-700">
              Next page →
            </PendingLink>
          </div>
        ) : null}
      </Card>
      {query.category && query.group && page.ok && rows.length > 0 ? (
        <Card className="mt-6">
          <CardHeader title={`All of ${query.group}`} description="Every product of this group the supplier sells now, on every page of its catalog." />
          <CardBody>
            <GroupImportForm supplierId={supplier.id} category={query.category} group={query.group} />
          </CardBody>
        </Card>
      ) : null}
    </>
  );
}
