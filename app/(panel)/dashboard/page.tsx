import type { Metadata } from "next";
import { OrdersTable } from "@/components/orders/orders-table";
import { SpendChart } from "@/components/orders/spend-chart";
import { Icon, type IconName } from "@/components/panel/icons";
import { TransactionsTable } from "@/components/panel/transactions-table";
import { buttonClasses } from "@/components/ui/button";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader, Stat } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Money } from "@/components/ui/money";
import { PageHeader } from "@/components/ui/page-header";
import { PendingLink } from "@/components/ui/pending-link";
import { isLowBalance } from "@/lib/accounts/low-balance";
import { listApiKeys } from "@/lib/api-keys/manage-keys";
import { requireCapability } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { listLedgerEntries } from "@/lib/ledger/list-entries";
import { formatMoney } from "@/lib/money/money";
import { listResellerOrders } from "@/lib/orders/list-orders";
import { spendChartData } from "@/lib/orders/spend-chart-data";
import { dailySpend } from "@/lib/orders/spend-stats";
import { toOrderRow } from "@/lib/panel/order-rows";
import { toTransactionRow } from "@/lib/panel/rows";
import { daysLeft } from "@/lib/subscriptions/page-data";
import { getSubscription } from "@/lib/subscriptions/subscription";

export const metadata: Metadata = { title: "Dashboard" };

const quickLinks: { href: string; label: string; description: string; icon: IconName }[] = [
  { href: "/api-keys", label: "API keys", description: "Create and revoke keys for your integration.", icon: "keys" },
  { href: "/docs", label: "API reference", description: "Endpoints, errors and examples.", icon: "docs" },
  { href: "/balance", label: "Transactions", description: "Every credit and debit on your balance.", icon: "balance" },
];

export default async function DashboardPage() {
  const { account: user } = await requireCapability("dashboard");
  const [keys, latest, recent, spend, subscription] = await Promise.all([
    listApiKeys(db(), user.id),
    listLedgerEntries(db(), { userId: user.id, limit: 5 }),
    listResellerOrders(db(), user.id, { limit: 5 }),
    dailySpend(db(), user.id, 30),
    getSubscription(db(), user.id),
  ]);
  const tierDaysLeft = daysLeft(subscription);
  const activeKeys = keys.filter((key) => !key.revokedAt).length;
  const chart = spendChartData(spend);
  return (
    <>
      <PageHeader title="Dashboard" description={`Welcome, ${user.name}.`} />

      {isLowBalance(user.balance, user.lowBalanceThreshold) ? (
        <Alert tone="warning" className="mb-6 flex flex-wrap items-center justify-between gap-2">
          <span data-testid="low-balance">
            Your balance is below {formatMoney(user.lowBalanceThreshold)} USD. Top up to keep your orders and API calls going.
          </span>
          <PendingLink href="/topup" className={buttonClasses("primary", "sm")}>
            Top up
          </PendingLink>
        </Alert>
      ) : null}

      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <div className="col-span-2 sm:col-span-1">
          <Stat
            label="Balance"
            hint={
              <PendingLink href="/topup" className="text-brand-600 hover:text-brand-700">
                Top up →
              </PendingLink>
            }
          >
            <span data-testid="dashboard-balance">
              <Money amount={formatMoney(user.balance)} currency />
            </span>
          </Stat>
        </div>
        <Stat
          label="Tier"
          hint={
            <>
              <span data-testid="tier-days-left" className="block">
                {subscription.status === "expired"
                  ? "Expired: Bronze prices"
                  : tierDaysLeft === null
                    ? "Free, never expires"
                    : `${tierDaysLeft === 1 ? "1 day" : `${tierDaysLeft} days`} left`}
              </span>
              <PendingLink href="/subscription" className="text-brand-600 hover:text-brand-700">
                Subscription →
              </PendingLink>
            </>
          }
        >
          {subscription.tier}
        </Stat>
        <Stat
          label="Active API keys"
          hint={
            <PendingLink href="/api-keys" className="text-brand-600 hover:text-brand-700">
              Manage keys →
            </PendingLink>
          }
        >
          {activeKeys}
        </Stat>
      </div>

      <Card className="mt-6">
        <CardHeader
          title="Spend, last 30 days"
          description={
            <>
              Orders that were not failed or refunded, per day (UTC):{" "}
              <span className="font-medium text-slate-900 tabular-nums" data-testid="spend-total">
                {chart.total} USD
              </span>{" "}
              in total.
            </>
          }
        />
        {chart.empty ? (
          // Thirty empty days drawn as a chart read as a broken one: a new reseller sees what will fill it.
          <EmptyState title="No spend in the last 30 days">Each day you buy, its total shows here as a bar.</EmptyState>
        ) : (
          <CardBody>
            <SpendChart days={chart.days} max={chart.max} />
          </CardBody>
        )}
      </Card>

      <Card className="mt-6">
        <CardHeader
          title="Recent orders"
          action={
            <PendingLink href="/orders" className={buttonClasses("secondary", "sm")}>
              All orders
            </PendingLink>
          }
        />
        {recent.data.length === 0 ? (
          <EmptyState
            title="No orders yet"
            action={
              <PendingLink href="/catalog" className={buttonClasses("primary", "sm")}>
                Browse the catalog
              </PendingLink>
            }
          >
            Order top-ups, gift cards and keys from your balance.
          </EmptyState>
        ) : (
          <OrdersTable rows={recent.data.map((order) => toOrderRow(order))} />
        )}
      </Card>

      <Card className="mt-6">
        <CardHeader
          title="Latest transactions"
          action={
            <PendingLink href="/balance" className={buttonClasses("secondary", "sm")}>
              View all
            </PendingLink>
          }
        />
        {latest.data.length === 0 ? (
          <EmptyState title="No transactions yet">Top-ups, orders and refunds will show up here.</EmptyState>
        ) : (
          <TransactionsTable rows={latest.data.map(toTransactionRow)} />
        )}
      </Card>

      <h2 className="mt-8 mb-3 text-sm font-semibold text-slate-900">Quick links</h2>
      <div className="grid gap-4 sm:grid-cols-3">
        {quickLinks.map((link) => (
          <PendingLink
            key={link.href}
            href={link.href}
            className="group rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-500 hover:shadow"
          >
            {(spinner) => (
              <>
                <span className="flex items-center gap-2 text-sm font-semibold text-slate-900 group-hover:text-brand-700">
                  <Icon name={link.icon} className="h-5 w-5 text-brand-600" />
                  {link.label}
                  {spinner}
                </span>
                <span className="mt-1 block text-sm text-slate-500">{link.description}</span>
              </>
            )}
          </PendingLink>
        ))}
      </div>
    </>
  );
}
