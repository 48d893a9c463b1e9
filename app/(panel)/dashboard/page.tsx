import type { Metadata } from "next";
import Link from "next/link";
import { Icon, type IconName } from "@/components/panel/icons";
import { TransactionsTable } from "@/components/panel/transactions-table";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardHeader, Stat } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Money } from "@/components/ui/money";
import { PageHeader } from "@/components/ui/page-header";
import { listApiKeys } from "@/lib/api-keys/manage-keys";
import { requireReseller } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { listLedgerEntries } from "@/lib/ledger/list-entries";
import { formatMoney } from "@/lib/money/money";
import { toTransactionRow } from "@/lib/panel/rows";

export const metadata: Metadata = { title: "Dashboard" };

const quickLinks: { href: string; label: string; description: string; icon: IconName }[] = [
  { href: "/api-keys", label: "API keys", description: "Create and revoke keys for your integration.", icon: "keys" },
  { href: "/docs", label: "API reference", description: "Endpoints, errors and examples.", icon: "docs" },
  { href: "/balance", label: "Transactions", description: "Every credit and debit on your balance.", icon: "balance" },
];

export default async function DashboardPage() {
  const user = await requireReseller();
  const [keys, latest] = await Promise.all([listApiKeys(db(), user.id), listLedgerEntries(db(), { userId: user.id, limit: 5 })]);
  const activeKeys = keys.filter((key) => !key.revokedAt).length;
  return (
    <>
      <PageHeader title="Dashboard" description={`Welcome back, ${user.name}.`} />

      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <div className="col-span-2 sm:col-span-1">
          <Stat label="Balance" hint={<Link href="/topup" className="text-brand-600 hover:text-brand-700">Top up →</Link>}>
            <span data-testid="dashboard-balance">
              <Money amount={formatMoney(user.balance)} currency />
            </span>
          </Stat>
        </div>
        <Stat label="Tier" hint={<Link href="/subscription" className="text-brand-600 hover:text-brand-700">Subscription →</Link>}>
          {user.tier}
        </Stat>
        <Stat label="Active API keys" hint={<Link href="/api-keys" className="text-brand-600 hover:text-brand-700">Manage keys →</Link>}>
          {activeKeys}
        </Stat>
      </div>

      <Card className="mt-6">
        <CardHeader
          title="Latest transactions"
          action={
            <Link href="/balance" className={buttonClasses("secondary", "sm")}>
              View all
            </Link>
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
          <Link key={link.href} href={link.href} className="group rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-500 hover:shadow">
            <span className="flex items-center gap-2 text-sm font-semibold text-slate-900 group-hover:text-brand-700">
              <Icon name={link.icon} className="h-5 w-5 text-brand-600" />
              {link.label}
            </span>
            <span className="mt-1 block text-sm text-slate-500">{link.description}</span>
          </Link>
        ))}
      </div>
    </>
  );
}
