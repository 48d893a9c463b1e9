import { Alert } from "@/components/ui/alert";
import { Stat } from "@/components/ui/card";
import { Money } from "@/components/ui/money";
import { PendingLink } from "@/components/ui/pending-link";
import { lowStockProducts } from "@/lib/catalog/low-stock";
import { db } from "@/lib/db/client";
import { lowBalanceSuppliers } from "@/lib/fulfilment/supplier-state";
import { formatMoney } from "@/lib/money/money";
import { manualQueueCounts, salesTodayAndWeek } from "@/lib/orders/order-totals";
import { formatSeconds, formatTimeSince } from "@/lib/panel/format";
import { openInvoiceCounts } from "@/lib/payments/open-invoices";
import { watcherHealth } from "@/lib/payments/watcher-health";
import { claimCounts } from "@/lib/claims/read-claims";

const LOW_STOCK_NAMED = 3;
const link = "font-medium text-brand-600 hover:text-brand-700 hover:underline";
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What an admin checks first: today's sales, and what waits for them (manual orders, stock, top-ups). */
export async function AdminOverview({ now = new Date() }: { now?: Date }) {
  const [sales, queue, lowStock, invoices, lowBalance, watcher, claims] = await Promise.all([
    salesTodayAndWeek(db(), now),
    manualQueueCounts(db()),
    lowStockProducts(db()),
    openInvoiceCounts(db()),
    lowBalanceSuppliers(db()),
    watcherHealth(db(), 0),
    claimCounts(db()),
  ]);
  return (
    <>
      {watcher.lagging ? (
        <Alert tone="warning" className="mb-4" data-testid="chain-watcher-alert">
          The chain watcher is {formatSeconds(watcher.lagSeconds)} behind: USDT deposits are not being seen, so top-ups are not credited.{" "}
          <PendingLink href="/admin/system" className={link}>
            See the System page
          </PendingLink>{" "}
          for the errors.
        </Alert>
      ) : null}
      {lowBalance.length > 0 ? (
        <Alert tone="warning" className="mb-4" data-testid="low-balance-alert">
          {lowBalance.map((supplier) => (
            <p key={supplier.id}>
              Supplier{" "}
              <PendingLink href={`/admin/suppliers/${supplier.id}`} className={link}>
                {supplier.name}
              </PendingLink>{" "}
              is low on balance: {formatMoney(supplier.lastBalance ?? 0n)} {supplier.lastBalanceCurrency}, under its{" "}
              {formatMoney(supplier.lowBalanceThreshold ?? 0n)} USD alert
              {supplier.balanceCheckedAt ? ` (read ${formatTimeSince(supplier.balanceCheckedAt, now)})` : ""}. Top it up there before orders start failing over.
            </p>
          ))}
        </Alert>
      ) : null}
      <section aria-label="Overview" className="mb-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-5" data-testid="admin-overview">
        <Stat
          label="Sales today (UTC)"
          hint={
            <span data-testid="sales-hint">
              {plural(sales.today.orders, "order", "orders")} · last 7 days {formatMoney(sales.week.total)} USD
            </span>
          }
        >
          <span data-testid="sales-today">
            <Money amount={formatMoney(sales.today.total)} currency fit />
          </span>
        </Stat>
        <Stat
          label="Manual orders not taken"
          hint={
            queue.waiting === 0 ? (
              "None waiting."
            ) : (
              <span data-testid="queue-hint">
                {queue.oldestUntakenAt ? `Oldest placed ${formatTimeSince(queue.oldestUntakenAt, now)}. ` : ""}
                <PendingLink href={queue.untaken > 0 ? "/admin/orders?tab=manual&taken=none" : "/admin/orders?tab=manual"} className={link}>
                  Open the queue
                </PendingLink>
                {queue.waiting > queue.untaken ? ` (${queue.waiting - queue.untaken} taken)` : ""}
              </span>
            )
          }
        >
          <span data-testid="queue-untaken">{queue.untaken}</span>
        </Stat>
        <Stat
          label="On sale, low on stock"
          hint={
            lowStock.length === 0 ? (
              "Every stock product is above its threshold."
            ) : (
              <span data-testid="low-stock-hint">
                {lowStock.slice(0, LOW_STOCK_NAMED).map((product, index) => (
                  <span key={product.sku}>
                    {index > 0 ? ", " : ""}
                    <PendingLink href={`/admin/products/${encodeURIComponent(product.sku)}`} className={link}>
                      {product.sku}
                    </PendingLink>
                  </span>
                ))}
                {lowStock.length > LOW_STOCK_NAMED ? (
                  <>
                    {" and "}
                    <PendingLink href="/admin/products?stock=low" className={link}>
                      {lowStock.length - LOW_STOCK_NAMED} more
                    </PendingLink>
                  </>
                ) : null}
              </span>
            )
          }
        >
          {lowStock.length > 0 ? (
            <PendingLink href="/admin/products?stock=low" className="hover:underline" data-testid="low-stock-count">
              {lowStock.length}
            </PendingLink>
          ) : (
            <span data-testid="low-stock-count">0</span>
          )}
        </Stat>
        <Stat
          label="Claims open"
          hint={
            claims.open === 0 ? (
              "None waiting for an answer."
            ) : (
              <PendingLink href="/admin/claims" className={link} data-testid="claims-hint">
                {claims.overdue > 0 ? `${claims.overdue} overdue` : "None overdue"} · open the queue
              </PendingLink>
            )
          }
        >
          <span data-testid="claims-open">{claims.open}</span>
        </Stat>
        <Stat
          label="Top-ups open"
          hint={
            invoices.partiallyPaid > 0 ? (
              <PendingLink href="/admin/payments?status=partially_paid" className={link} data-testid="partially-paid-link">
                {invoices.partiallyPaid} paid in part
              </PendingLink>
            ) : (
              "None paid in part."
            )
          }
        >
          <span data-testid="open-invoices">{invoices.open}</span>
        </Stat>
      </section>
    </>
  );
}
