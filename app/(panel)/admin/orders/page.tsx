import type { Metadata } from "next";
import { OrderFiltersForm } from "@/components/orders/order-filters-form";
import { OrdersTable } from "@/components/orders/orders-table";
import { AutoRefresh, LIST_REFRESH_MS } from "@/components/panel/auto-refresh";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CursorPager } from "@/components/ui/cursor-pager";
import { cx } from "@/components/ui/cx";
import { EmptyState } from "@/components/ui/empty-state";
import { filterControlClasses } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import { PendingLink } from "@/components/ui/pending-link";
import { requireAdmin } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { listOrdersWithResellers } from "@/lib/orders/list-orders";
import { adminOrderFilterOf, adminOrderFilterQuery, parseAdminOrderFilterParams } from "@/lib/panel/admin-order-filters";
import type { TakenView } from "@/lib/panel/order-filters";
import { filterQuery } from "@/lib/panel/search-param";
import { toOrderRow } from "@/lib/panel/order-rows";

export const metadata: Metadata = { title: "Orders" };

const PAGE_SIZE = 25;

function queueEmptyTitle(taken: TakenView | undefined): string {
  if (taken === "none") return "Every order in the queue is taken";
  if (taken === "mine") return "You have taken no order in the queue";
  return "The manual queue is empty";
}

export default async function AdminOrdersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const admin = await requireAdmin();
  const params = parseAdminOrderFilterParams(await searchParams);
  const { queue, email, taken } = params;
  const page = await listOrdersWithResellers(db(), { ...adminOrderFilterOf(params, admin.id), limit: PAGE_SIZE });

  const base = adminOrderFilterQuery(params);
  const href = (extra: Record<string, string | undefined> = {}, path = "/admin/orders") => {
    const query = filterQuery({ ...base, ...extra });
    return query ? `${path}?${query}` : path;
  };
  const filtered = !queue && Boolean(params.status || params.type || params.reference || email || params.from || params.to);

  return (
    <>
      <PageHeader
        title="Orders"
        description="Every reseller's orders, newest first. Manual services wait in their queue for you to work them."
        action={
          <a href={href({}, "/admin/orders/export")} className={buttonClasses("secondary")} download>
            Export CSV
          </a>
        }
      />
      <AutoRefresh every={LIST_REFRESH_MS} />
      <Card>
        <nav aria-label="Order views" className="flex gap-1 border-b border-slate-100 px-4 py-3 sm:px-6">
          {[
            { label: "All orders", href: "/admin/orders", active: !queue },
            { label: "Manual queue", href: "/admin/orders?tab=manual", active: queue },
          ].map((tab) => (
            <PendingLink
              key={tab.label}
              href={tab.href}
              aria-current={tab.active ? "page" : undefined}
              className={cx(
                "rounded-full px-3 py-1 text-sm font-medium",
                tab.active ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-600 hover:bg-slate-200 hover:text-slate-900",
              )}
            >
              {tab.label}
            </PendingLink>
          ))}
        </nav>
        {queue ? (
          <nav aria-label="Who works the order" className="flex flex-wrap gap-1 border-b border-slate-100 px-4 py-3 sm:px-6">
            {[
              { label: "Whole queue", view: undefined },
              { label: "Not taken", view: "none" },
              { label: "Mine", view: "mine" },
            ].map((chip) => (
              <PendingLink
                key={chip.label}
                href={href({ taken: chip.view })}
                aria-current={chip.view === taken ? "page" : undefined}
                className={cx(
                  "rounded-full border px-3 py-1 text-sm font-medium",
                  chip.view === taken
                    ? "border-brand-600 bg-brand-50 text-brand-700"
                    : "border-slate-200 text-slate-600 hover:bg-slate-100 hover:text-slate-900",
                )}
              >
                {chip.label}
              </PendingLink>
            ))}
          </nav>
        ) : (
          <OrderFiltersForm
            action="/admin/orders"
            values={{ status: params.status, type: params.type, reference: params.reference, email, from: params.from, to: params.to }}
            reference={{ label: "Reference or order id", placeholder: "ABC-123 or ord_…" }}
            extra={
              <div className="col-span-2 min-w-0 md:col-span-1">
                <label htmlFor="filter-email" className="block text-xs font-medium text-slate-500">
                  Reseller email
                </label>
                <input
                  id="filter-email"
                  name="email"
                  type="search"
                  maxLength={200}
                  defaultValue={email}
                  placeholder="part of an email"
                  className={filterControlClasses("mt-1")}
                />
              </div>
            }
          />
        )}
        {page.data.length === 0 ? (
          <EmptyState title={queue ? queueEmptyTitle(taken) : params.cursor ? "No older orders" : filtered ? "No orders match these filters" : "No orders yet"}>
            {queue && !taken ? "Manual service orders that need you show up here." : undefined}
          </EmptyState>
        ) : (
          <OrdersTable
            rows={page.data.map(({ order, reseller, taker }) =>
              // Only the queue says who works each order.
              toOrderRow(order, { hrefBase: "/admin/orders", reseller: reseller.email, taker: queue ? (taker?.email ?? null) : undefined }),
            )}
            showReseller
            showTaken={queue}
          />
        )}
        <CursorPager newestHref={params.cursor ? href() : null} olderHref={page.nextCursor ? href({ cursor: page.nextCursor }) : null} />
      </Card>
    </>
  );
}
