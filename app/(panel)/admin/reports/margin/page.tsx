import type { Metadata } from "next";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { filterControlClasses } from "@/components/ui/field";
import { FilterActions } from "@/components/ui/filter-actions";
import { FilterForm } from "@/components/ui/filter-form";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { requireAdmin } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { MARGIN_GROUPINGS, marginGroupingSchema, marginPercent, marginReport } from "@/lib/fulfilment/margin-report";
import { formatMoney } from "@/lib/money/money";
import { dayRange, parseDay } from "@/lib/panel/day-range";
import { searchParam } from "@/lib/panel/search-param";

export const metadata: Metadata = { title: "Margin report" };

const HEADINGS = { day: "Day (UTC)", product: "Product", supplier: "Supplier" } as const;

export default async function MarginReportPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireAdmin();
  const params = await searchParams;
  const by = marginGroupingSchema.parse(searchParam(params.by));
  const from = parseDay(searchParam(params.from));
  const to = parseDay(searchParam(params.to));
  const report = await marginReport(db(), { by, ...dayRange({ from, to }) });
  const query = new URLSearchParams({ by });
  if (from) query.set("from", from);
  if (to) query.set("to", to);

  return (
    <>
      <PageHeader
        title="Margin report"
        description="What resellers paid for orders bought from suppliers, what the suppliers charged, and the margin between. A refunded order brings no revenue but keeps its cost, since the supplier was paid; stock and manual orders have no supplier cost and are not in it."
        action={
          <a
            href={`/admin/reports/margin/export?${query}`}
            className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
            data-testid="margin-csv"
          >
            Download CSV
          </a>
        }
      />
      <Card>
        <FilterForm
          action="/admin/reports/margin"
          role="search"
          className="flex flex-col gap-2 border-b border-slate-100 px-4 py-4 sm:flex-row sm:flex-wrap sm:items-end sm:px-6"
        >
          <div>
            <label htmlFor="filter-by" className="block text-xs font-medium text-slate-500">
              By
            </label>
            <select id="filter-by" name="by" defaultValue={by} className={filterControlClasses("mt-1")}>
              {MARGIN_GROUPINGS.map((grouping) => (
                <option key={grouping} value={grouping}>
                  {grouping}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="filter-from" className="block text-xs font-medium text-slate-500">
              From
            </label>
            <input id="filter-from" name="from" type="date" defaultValue={from ?? ""} className={filterControlClasses("mt-1")} />
          </div>
          <div>
            <label htmlFor="filter-to" className="block text-xs font-medium text-slate-500">
              To
            </label>
            <input id="filter-to" name="to" type="date" defaultValue={to ?? ""} className={filterControlClasses("mt-1")} />
          </div>
          <FilterActions submitLabel="Show" clearHref={from || to || by !== "day" ? "/admin/reports/margin" : null} />
        </FilterForm>
        {report.lines.length === 0 ? (
          <EmptyState title="No supplier orders completed in this range">Orders bought from suppliers show here once they complete.</EmptyState>
        ) : (
          <Table>
            <THead>
              <Tr>
                <Th>{HEADINGS[by]}</Th>
                <Th>Orders</Th>
                <Th>Refunded</Th>
                <Th>Revenue</Th>
                <Th>Cost</Th>
                <Th>Margin</Th>
                <Th>Margin %</Th>
              </Tr>
            </THead>
            <TBody>
              {[...report.lines, { key: "total", label: "Total", ...report.total }].map((line) => (
                <Tr key={line.key}>
                  <Td label={HEADINGS[by]}>
                    <span className={line.key === "total" ? "font-semibold" : "break-all"} data-testid={line.key === "total" ? "margin-total" : undefined}>
                      {line.label}
                    </span>
                  </Td>
                  <Td label="Orders">{line.orders}</Td>
                  <Td label="Refunded">{line.refunded}</Td>
                  <Td label="Revenue">{formatMoney(line.revenue)}</Td>
                  <Td label="Cost">{formatMoney(line.cost)}</Td>
                  <Td label="Margin">
                    <span className={line.margin < 0n ? "text-red-700" : undefined}>{formatMoney(line.margin)}</span>
                  </Td>
                  <Td label="Margin %">{marginPercent(line)}</Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
      </Card>
    </>
  );
}
