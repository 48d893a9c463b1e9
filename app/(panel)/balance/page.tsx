import type { Metadata } from "next";
import { CursorPager } from "@/components/ui/cursor-pager";
import { TransactionDatesForm } from "@/components/panel/transaction-dates-form";
import { TransactionsTable } from "@/components/panel/transactions-table";
import { buttonClasses } from "@/components/ui/button";
import { Card, Stat } from "@/components/ui/card";
import { cx } from "@/components/ui/cx";
import { EmptyState } from "@/components/ui/empty-state";
import { Money } from "@/components/ui/money";
import { PageHeader } from "@/components/ui/page-header";
import { PendingLink } from "@/components/ui/pending-link";
import { requireCapability } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { LEDGER_ENTRY_TYPES, type LedgerEntryType } from "@/lib/db/schema";
import { listLedgerEntries } from "@/lib/ledger/list-entries";
import { formatMoney } from "@/lib/money/money";
import { toTransactionRow } from "@/lib/panel/rows";
import { filterQuery } from "@/lib/panel/search-param";
import { parseTransactionFilterParams, transactionFilterOf, type TransactionFilterParams } from "@/lib/panel/transaction-filters";

export const metadata: Metadata = { title: "Balance & transactions" };

const PAGE_SIZE = 25;
const FILTERS: { value: LedgerEntryType | undefined; label: string }[] = [
  { value: undefined, label: "All" },
  ...LEDGER_ENTRY_TYPES.map((type) => ({ value: type, label: type[0].toUpperCase() + type.slice(1) })),
];

function hrefFor(params: TransactionFilterParams, path = "/balance"): string {
  const query = filterQuery({ ...params });
  return query ? `${path}?${query}` : path;
}

export default async function BalancePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { account: user } = await requireCapability("balance_read");
  const params = parseTransactionFilterParams(await searchParams);
  const { type, from, to, cursor } = params;
  const page = await listLedgerEntries(db(), { userId: user.id, ...transactionFilterOf(params), limit: PAGE_SIZE });
  const dated = Boolean(from || to);
  const kind = type ? `${type} transactions` : "transactions";

  return (
    <>
      <PageHeader
        title="Balance & transactions"
        description="Your prepaid USD balance and every credit and debit on it, newest first."
        action={
          <>
            <a href={hrefFor({ type, from, to }, "/balance/export")} className={buttonClasses("secondary")} download>
              Export CSV
            </a>
            <PendingLink href="/topup" className={buttonClasses("primary")}>
              Top up
            </PendingLink>
          </>
        }
      />

      <div className="grid gap-4 sm:grid-cols-3">
        <Stat label="Current balance">
          <span data-testid="current-balance">
            <Money amount={formatMoney(user.balance)} currency />
          </span>
        </Stat>
      </div>

      <Card className="mt-6">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-4 py-4 sm:px-6">
          <h2 className="text-base font-semibold text-slate-900">Transactions</h2>
          <nav aria-label="Filter by type" className="-mx-1 flex flex-wrap gap-1">
            {FILTERS.map((filter) => {
              const active = filter.value === type;
              return (
                <PendingLink
                  key={filter.label}
                  href={hrefFor({ type: filter.value, from, to })}
                  aria-current={active ? "page" : undefined}
                  className={cx(
                    "rounded-full px-3 py-1 text-sm font-medium",
                    active ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-600 hover:bg-slate-200 hover:text-slate-900",
                  )}
                >
                  {filter.label}
                </PendingLink>
              );
            })}
          </nav>
        </div>
        <TransactionDatesForm type={type} from={from} to={to} clearHref={hrefFor({ type })} />
        {page.data.length === 0 ? (
          <EmptyState title={cursor ? "No older transactions" : dated ? `No ${kind} in these dates` : `No ${kind} yet`}>
            {cursor
              ? "You have reached the first transaction."
              : dated
                ? "Change or clear the dates."
                : "Top-ups, orders, refunds and adjustments will show up here."}
          </EmptyState>
        ) : (
          <TransactionsTable rows={page.data.map(toTransactionRow)} />
        )}
        <CursorPager
          newestHref={cursor ? hrefFor({ type, from, to }) : null}
          olderHref={page.nextCursor ? hrefFor({ type, from, to, cursor: page.nextCursor }) : null}
        />
      </Card>
    </>
  );
}
