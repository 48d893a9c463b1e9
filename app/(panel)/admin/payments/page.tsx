import type { Metadata } from "next";
import { AutoRefresh, LIST_REFRESH_MS } from "@/components/panel/auto-refresh";
import { InvoicesTable } from "@/components/payments/invoices-table";
import { PaymentFiltersForm } from "@/components/payments/payment-filters-form";
import { INVOICE_STATUS_LABELS } from "@/components/payments/status-badges";
import { TransfersTable } from "@/components/payments/transfers-table";
import { shortHash } from "@/components/payments/tx-hash";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CursorPager } from "@/components/ui/cursor-pager";
import { cx } from "@/components/ui/cx";
import { EmptyState } from "@/components/ui/empty-state";
import { Money } from "@/components/ui/money";
import { PageHeader } from "@/components/ui/page-header";
import { PendingLink } from "@/components/ui/pending-link";
import { requireAdmin } from "@/lib/auth/session";
import { config } from "@/lib/config/env";
import { db } from "@/lib/db/client";
import { PAYMENT_STATUSES } from "@/lib/db/schema";
import { formatMoney } from "@/lib/money/money";
import { formatDateTime } from "@/lib/panel/format";
import { toAdminInvoiceRow, toAdminTransferRow } from "@/lib/panel/payment-rows";
import { adminPaymentFilterQuery, adminPaymentListFilter, parseAdminPaymentFilterParams, TRANSFER_STATUSES } from "@/lib/panel/admin-payment-filters";
import { filterQuery } from "@/lib/panel/search-param";
import { listInvoices, listTransfers, recentSandboxTransfers, unfinalSandboxTransfers } from "@/lib/payments/admin-lists";
import { finalityQuestion, planFinality } from "@/lib/payments/sandbox-credits";
import { resellersAwaitingPayment } from "@/lib/payments/sandbox-recipients";
import { MakeFinalForm } from "./make-final-form";
import { LazySandboxTransferForm } from "./lazy-sandbox-transfer-form";

export const metadata: Metadata = { title: "Payments" };

const PAGE_SIZE = 25;
const SANDBOX_SHOWN = 15;
const INVOICE_STATUSES = PAYMENT_STATUSES.map((value) => ({ value, label: INVOICE_STATUS_LABELS[value] }));
const TRANSFER_STATUS_LABELS: Record<(typeof TRANSFER_STATUSES)[number], string> = { confirming: "Confirming", credited: "Credited" };
const TRANSFER_STATUS_OPTIONS = TRANSFER_STATUSES.map((value) => ({ value, label: TRANSFER_STATUS_LABELS[value] }));

function hrefFor(params: Record<string, string | undefined>, path = "/admin/payments"): string {
  const query = filterQuery(params);
  return query ? `${path}?${query}` : path;
}

/** "1 s", "15 s", "2 min": the chain watcher's poll. */
function every(ms: number): string {
  return ms >= 60_000 && ms % 60_000 === 0 ? `${ms / 60_000} min` : `${ms / 1000} s`;
}

async function SandboxChain() {
  const [awaiting, recent, unfinal] = await Promise.all([
    resellersAwaitingPayment(db()),
    recentSandboxTransfers(db(), SANDBOX_SHOWN),
    unfinalSandboxTransfers(db()),
  ]);
  const dust = config().DEPOSIT_DUST;
  return (
    <Card className="mb-6">
      <CardHeader
        title="Sandbox chain"
        description={`CHAIN_PROVIDER=sandbox: these transfers stand in for TRON. The watcher reads them like the real chain, every ${every(config().CHAIN_POLL_INTERVAL)}.`}
      />
      <div className="grid lg:grid-cols-5">
        <CardBody className="border-b border-slate-100 lg:col-span-2 lg:border-r lg:border-b-0">
          <LazySandboxTransferForm awaiting={awaiting} unfinal={unfinal} dust={dust} />
        </CardBody>
        <div className="min-w-0 lg:col-span-3">
          <h3 className="px-4 pt-4 text-sm font-semibold text-slate-900 sm:px-6">Recent sandbox transfers</h3>
          {recent.length === 0 ? (
            <EmptyState title="None sent yet">Send one to a reseller with an open invoice to watch it go from confirming to paid.</EmptyState>
          ) : (
            <ul className="divide-y divide-slate-100">
              {recent.map(({ transfer, reseller }) => (
                <li
                  key={transfer.txHash}
                  data-testid="sandbox-transfer"
                  data-final={transfer.final}
                  className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 sm:px-6"
                >
                  <div className="min-w-0">
                    <p className="text-sm text-slate-900 [overflow-wrap:anywhere]">
                      <Money amount={formatMoney(transfer.value)} currency="USDT" className="font-medium" /> to {reseller?.email ?? transfer.toAddress}
                    </p>
                    <p className="text-xs text-slate-500">
                      {formatDateTime(transfer.blockTimestamp)} · <code className="font-mono">{shortHash(transfer.txHash)}</code>
                    </p>
                  </div>
                  {transfer.final ? (
                    <Badge tone="green">Final</Badge>
                  ) : (
                    <div className="flex flex-wrap items-center gap-2">
                      <Badge tone="amber">Not final</Badge>
                      <MakeFinalForm txHash={transfer.txHash} question={finalityQuestion(planFinality(unfinal, transfer.blockTimestamp, dust), dust)} />
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </Card>
  );
}

function TronChain() {
  return (
    <Card className="mb-6">
      <CardHeader title="Chain" />
      <CardBody className="text-sm text-slate-600">
        Transfers come from TRON: the watcher reads each deposit address through TronGrid ({config().TRONGRID_URL}), every {every(config().CHAIN_POLL_INTERVAL)}{" "}
        while it has an open invoice and less often otherwise, and credits a transfer once its block is solidified. There is nothing to send from here.
      </CardBody>
    </Card>
  );
}

export default async function AdminPaymentsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireAdmin();
  const params = parseAdminPaymentFilterParams(await searchParams);
  const { tab, status, email, from, to, cursor } = params;

  const now = new Date();
  const filter = { ...adminPaymentListFilter(params), limit: PAGE_SIZE };
  const invoices = params.tab === "invoices" ? await listInvoices(db(), { ...filter, status: params.status }) : null;
  const transfers = params.tab === "transfers" ? await listTransfers(db(), { ...filter, status: params.status }) : null;
  const { data, nextCursor } = invoices ?? transfers ?? { data: [], nextCursor: null };
  const base = adminPaymentFilterQuery(params);
  const filtered = Boolean(status || email || from || to);
  const noun = tab === "transfers" ? "transfers" : "invoices";

  return (
    <>
      <PageHeader
        title="Payments"
        description="USDT (TRC-20) top-ups: every reseller's invoices, the transfers seen on the chain, and the ledger entries that credited them."
      />
      <AutoRefresh every={LIST_REFRESH_MS} />

      {config().CHAIN_PROVIDER === "sandbox" ? <SandboxChain /> : <TronChain />}

      <Card>
        {/* Beside the tabs rather than in the page header: the export is of the tab shown, invoices or transfers. */}
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-4 py-3 sm:px-6">
          <nav aria-label="Payment views" className="flex gap-1">
            {[
              { label: "Invoices", href: "/admin/payments", active: tab === "invoices" },
              { label: "Transfers", href: "/admin/payments?tab=transfers", active: tab === "transfers" },
            ].map((item) => (
              <PendingLink
                key={item.label}
                href={item.href}
                aria-current={item.active ? "page" : undefined}
                className={cx(
                  "rounded-full px-3 py-1 text-sm font-medium",
                  item.active ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-600 hover:bg-slate-200 hover:text-slate-900",
                )}
              >
                {item.label}
              </PendingLink>
            ))}
          </nav>
          <a href={hrefFor(base, "/admin/payments/export")} className={buttonClasses("secondary", "sm")} download>
            Export CSV
          </a>
        </div>
        <PaymentFiltersForm
          tab={tab}
          statuses={tab === "transfers" ? TRANSFER_STATUS_OPTIONS : INVOICE_STATUSES}
          values={{ status, email, from, to }}
          clearHref={hrefFor({ tab: base.tab })}
        />
        {data.length === 0 ? (
          <EmptyState title={cursor ? `No older ${noun}` : filtered ? `No ${noun} match these filters` : `No ${noun} yet`}>
            {filtered || cursor
              ? undefined
              : tab === "transfers"
                ? "Transfers to deposit addresses show up here as the watcher sees them."
                : "Invoices show up here as resellers create them."}
          </EmptyState>
        ) : invoices ? (
          <InvoicesTable rows={invoices.data.map((item) => toAdminInvoiceRow(item, now))} admin />
        ) : transfers ? (
          <TransfersTable rows={transfers.data.map(toAdminTransferRow)} admin />
        ) : null}
        <CursorPager newestHref={cursor ? hrefFor(base) : null} olderHref={nextCursor ? hrefFor({ ...base, cursor: nextCursor }) : null} />
      </Card>
    </>
  );
}
