import type { Metadata } from "next";
import { CursorPager } from "@/components/ui/cursor-pager";
import { OrderFiltersForm } from "@/components/orders/order-filters-form";
import { OrdersTable } from "@/components/orders/orders-table";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { PendingLink } from "@/components/ui/pending-link";
import { requireCapability } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { listResellerOrders } from "@/lib/orders/list-orders";
import { orderFilterOf, parseOrderFilterParams } from "@/lib/panel/order-filters";
import { filterQuery } from "@/lib/panel/search-param";
import { toOrderRow } from "@/lib/panel/order-rows";

export const metadata: Metadata = { title: "Orders" };

const PAGE_SIZE = 25;

export default async function OrdersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { account: user } = await requireCapability("orders_read");
  const params = parseOrderFilterParams(await searchParams);
  const page = await listResellerOrders(db(), user.id, { ...orderFilterOf(params), limit: PAGE_SIZE });
  const { cursor, ...filters } = params;
  const shownQuery = filterQuery(filters);
  const filtered = shownQuery !== "";
  const href = (extra: Record<string, string | undefined> = {}) => {
    const query = filterQuery({ ...filters, ...extra });
    return query ? `/orders?${query}` : "/orders";
  };

  return (
    <>
      <PageHeader
        title="Orders"
        description="Every order you placed, in the panel or through the API, newest first."
        action={
          <>
            <a href={shownQuery ? `/orders/export?${shownQuery}` : "/orders/export"} className={buttonClasses("secondary")} download>
              Export CSV
            </a>
            <PendingLink href="/catalog" className={buttonClasses("primary")}>
              New order
            </PendingLink>
          </>
        }
      />
      <Card>
        <OrderFiltersForm action="/orders" values={filters} />
        {page.data.length === 0 ? (
          <EmptyState
            title={cursor ? "No older orders" : filtered ? "No orders match these filters" : "No orders yet"}
            action={
              !filtered && !cursor ? (
                <PendingLink href="/catalog" className={buttonClasses("primary", "sm")}>
                  Browse the catalog
                </PendingLink>
              ) : undefined
            }
          >
            {cursor
              ? "You have reached your first order."
              : filtered
                ? "Change or clear the filters."
                : "Orders you place in the panel or through the API show up here."}
          </EmptyState>
        ) : (
          <OrdersTable rows={page.data.map((order) => toOrderRow(order))} />
        )}
        <CursorPager newestHref={cursor ? href() : null} olderHref={page.nextCursor ? href({ cursor: page.nextCursor }) : null} />
      </Card>
    </>
  );
}
