import type { Metadata } from "next";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { filterControlClasses } from "@/components/ui/field";
import { FilterActions } from "@/components/ui/filter-actions";
import { FilterForm } from "@/components/ui/filter-form";
import { PageHeader } from "@/components/ui/page-header";
import { PendingLink } from "@/components/ui/pending-link";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { requireAdmin } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { listPriceChanges, PRICE_CHANGE_LABELS } from "@/lib/fulfilment/price-changes";
import { formatMoney } from "@/lib/money/money";
import { formatDateTime } from "@/lib/panel/format";
import { searchParam } from "@/lib/panel/search-param";

export const metadata: Metadata = { title: "Price changes" };

const PAGE_SIZE = 50;
const money = (value: bigint | null) => (value === null ? "" : formatMoney(value));

export default async function PriceChangesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireAdmin();
  const params = await searchParams;
  const sku = searchParam(params.sku)?.trim().slice(0, 80) || undefined;
  const supplierId = searchParam(params.supplier)?.trim().slice(0, 40) || undefined;
  const cursor = searchParam(params.cursor);
  const page = await listPriceChanges(db(), { sku, supplierId, cursor, limit: PAGE_SIZE });
  const filter = new URLSearchParams();
  if (sku) filter.set("sku", sku);
  if (supplierId) filter.set("supplier", supplierId);
  const filtered = filter.size > 0;
  const olderHref = page.nextCursor ? `/admin/price-changes?${new URLSearchParams({ ...Object.fromEntries(filter), cursor: page.nextCursor })}` : null;

  return (
    <>
      <PageHeader
        title="Price changes"
        description="What each catalog sync changed: upstream costs, availability, and products paused, resumed or repriced by their margin rule. Newest first."
      />
      <Card>
        <FilterForm
          action="/admin/price-changes"
          role="search"
          className="flex flex-col gap-2 border-b border-slate-100 px-4 py-4 sm:flex-row sm:items-end sm:px-6"
        >
          <div className="min-w-0 sm:w-64">
            <label htmlFor="filter-sku" className="block text-xs font-medium text-slate-500">
              Product sku
            </label>
            <input id="filter-sku" name="sku" type="search" maxLength={80} defaultValue={sku ?? ""} className={filterControlClasses("mt-1")} />
          </div>
          <div className="min-w-0 sm:w-64">
            <label htmlFor="filter-supplier" className="block text-xs font-medium text-slate-500">
              Supplier id
            </label>
            <input
              id="filter-supplier"
              name="supplier"
              type="search"
              maxLength={40}
              defaultValue={supplierId ?? ""}
              placeholder="sup_…"
              className={filterControlClasses("mt-1")}
            />
          </div>
          <FilterActions submitLabel="Filter" clearHref={filtered ? "/admin/price-changes" : null} />
        </FilterForm>
        {page.rows.length === 0 ? (
          <EmptyState title={filtered ? "No changes match" : cursor ? "No older changes" : "No price changes yet"}>
            {filtered ? undefined : "A catalog sync lists here what it changed."}
          </EmptyState>
        ) : (
          <Table>
            <THead>
              <Tr>
                <Th>When</Th>
                <Th>Product</Th>
                <Th>Change</Th>
                <Th>Cost</Th>
                <Th>Price</Th>
                <Th>Supplier</Th>
              </Tr>
            </THead>
            <TBody>
              {page.rows.map((row) => (
                <Tr key={row.id}>
                  <Td label="When">{formatDateTime(row.createdAt)}</Td>
                  <Td label="Product">
                    <PendingLink href={`/admin/products/${row.sku}`} className="break-all text-brand-600 hover:text-brand-700">
                      {row.sku}
                    </PendingLink>
                  </Td>
                  <Td label="Change">
                    <Badge
                      tone={
                        row.action === "paused" || row.action === "unavailable"
                          ? "red"
                          : row.action === "resumed" || row.action === "available"
                            ? "green"
                            : "blue"
                      }
                    >
                      {PRICE_CHANGE_LABELS[row.action]}
                    </Badge>
                  </Td>
                  <Td label="Cost">{row.oldCost !== null ? `${money(row.oldCost)} → ${money(row.newCost)}` : money(row.newCost)}</Td>
                  <Td label="Price">
                    {row.oldPrice !== null && row.oldPrice !== row.newPrice ? `${money(row.oldPrice)} → ${money(row.newPrice)}` : money(row.newPrice)}
                  </Td>
                  <Td label="Supplier">
                    <PendingLink href={`/admin/suppliers/${row.supplierId}`} className="text-brand-600 hover:text-brand-700">
                      {row.supplierName}
                    </PendingLink>
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
        {olderHref || cursor ? (
          <div className="flex justify-between border-t border-slate-100 px-4 py-3 sm:px-6">
            {cursor ? (
              <PendingLink href={`/admin/price-changes${filtered ? `?${filter}` : ""}`} className="text-sm font-medium text-slate-600 hover:text-slate-900">
                ← Newest
              </PendingLink>
            ) : (
              <span />
            )}
            {olderHref ? (
              <PendingLink href={olderHref} className="text-sm font-medium text-brand-600 hover:text-brand-700">
                Older →
              </PendingLink>
            ) : null}
          </div>
        ) : null}
      </Card>
    </>
  );
}
