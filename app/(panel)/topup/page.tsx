import type { Metadata } from "next";
import { InvoicesTable } from "@/components/payments/invoices-table";
import { TransfersTable } from "@/components/payments/transfers-table";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { CursorPager } from "@/components/ui/cursor-pager";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { PendingLink } from "@/components/ui/pending-link";
import { requireCapability } from "@/lib/auth/session";
import { config } from "@/lib/config/env";
import { db } from "@/lib/db/client";
import { formatMoney } from "@/lib/money/money";
import { formatDateTime } from "@/lib/panel/format";
import { toInvoiceRow, toTransferRow } from "@/lib/panel/payment-rows";
import { listTransfers, openInvoices } from "@/lib/payments/admin-lists";
import { depositAddressFor } from "@/lib/payments/deposit-addresses";
import { listPayments, paymentBounds } from "@/lib/payments/payments";
import { InvoiceForm } from "./invoice-form";

export const metadata: Metadata = { title: "Top up" };

const PAGE_SIZE = 10;

function cursorOf(value: string | string[] | undefined, prefix: "pay" | "trf"): string | undefined {
  return typeof value === "string" && new RegExp(`^${prefix}_[0-9A-Za-z]{1,64}$`).test(value) ? value : undefined;
}

/** Each list pages on its own cursor; paging one keeps the other where it was. */
function hrefFor(params: { cursor?: string; transfers?: string }): string {
  const query = new URLSearchParams();
  if (params.cursor) query.set("cursor", params.cursor);
  if (params.transfers) query.set("transfers", params.transfers);
  const text = query.toString();
  return text ? `/topup?${text}` : "/topup";
}

/** "60 minutes", "2 hours": how long an invoice stays open. */
function openFor(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes >= 120 && minutes % 60 === 0) return `${minutes / 60} hours`;
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

export default async function TopUpPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { account: user } = await requireCapability("topups");
  const params = await searchParams;
  const cursor = cursorOf(params.cursor, "pay");
  const transfersCursor = cursorOf(params.transfers, "trf");
  const cfg = config();
  const bounds = paymentBounds();
  const now = new Date();
  const [deposit, open, invoices, transfers] = await Promise.all([
    // The address is the reseller's for good: shown from the first visit, so they can pay without an invoice too.
    depositAddressFor(db(), user.id),
    openInvoices(db(), user.id, now),
    listPayments(db(), { userId: user.id, cursor, limit: PAGE_SIZE }),
    listTransfers(db(), { userId: user.id, cursor: transfersCursor, limit: PAGE_SIZE }),
  ]);

  return (
    <>
      <PageHeader title="Top up" description="Add to your prepaid USD balance with USDT on TRON (TRC-20)." />

      {open.length > 0 ? (
        <Alert tone="info" className="mb-6">
          <p>
            {open.length === 1 ? "You have an open invoice" : `You have ${open.length} open invoices`}; a transfer counts towards the oldest one that still
            needs money.
          </p>
          <ul className="mt-1 space-y-0.5">
            {open.map((payment) => (
              <li key={payment.id}>
                <PendingLink href={`/topup/${payment.id}`} className="font-semibold underline">
                  {formatMoney(payment.amount)} USDT, open until {formatDateTime(payment.expiresAt)} →
                </PendingLink>
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-5">
        <Card className="lg:col-span-2">
          <CardHeader
            title="New invoice"
            description={`Say how much you will send. The invoice shows where to send it and follows your transfer until it is credited; it stays open for ${openFor(cfg.PAYMENT_TTL)}.`}
          />
          <CardBody>
            <InvoiceForm min={formatMoney(bounds.min)} max={formatMoney(bounds.max)} />
          </CardBody>
        </Card>

        <Card className="lg:col-span-3">
          <CardHeader title="Your deposit address" description="Permanent: the same address for every top-up." />
          <CardBody className="space-y-4">
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
              <code
                data-testid="deposit-address"
                className="block min-w-0 flex-1 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-xs break-all text-slate-900 select-all sm:text-sm"
              >
                {deposit.address}
              </code>
              <CopyButton text={deposit.address} label="Copy address" />
            </div>
            <ul className="list-disc space-y-1 pl-5 text-sm text-slate-600">
              <li>
                <strong className="font-semibold text-slate-900">Send only USDT on TRON (TRC-20).</strong> Other tokens, and USDT on other networks, are not
                credited.
              </li>
              <li>
                Every USDT transfer to it is credited once final, with or without an open invoice; transfers under {formatMoney(cfg.DEPOSIT_DUST)} USDT are
                ignored.
              </li>
              <li>An invoice is the way to follow a payment live, and to see it paid in full.</li>
            </ul>
          </CardBody>
        </Card>
      </div>

      <Card className="mt-6">
        <CardHeader title="Invoices" description="Newest first. Open one to see its address, countdown and transfers." />
        {invoices.data.length === 0 ? (
          <EmptyState title={cursor ? "No older invoices" : "No invoices yet"}>
            {cursor ? "You have reached your first invoice." : "Create one above when you are ready to send USDT."}
          </EmptyState>
        ) : (
          <InvoicesTable rows={invoices.data.map(({ payment }) => toInvoiceRow(payment, now))} />
        )}
        <CursorPager
          newestHref={cursor ? hrefFor({ transfers: transfersCursor }) : null}
          olderHref={invoices.nextCursor ? hrefFor({ cursor: invoices.nextCursor, transfers: transfersCursor }) : null}
        />
      </Card>

      <Card className="mt-6">
        <CardHeader title="Transfers to your address" description="Every USDT transfer seen on the chain, newest first, and the invoice it counted towards." />
        {transfers.data.length === 0 ? (
          <EmptyState title={transfersCursor ? "No older transfers" : "No transfers yet"}>
            {transfersCursor ? "You have reached your first transfer." : "Transfers show up here within seconds of reaching the chain, before they are final."}
          </EmptyState>
        ) : (
          <TransfersTable rows={transfers.data.map(({ transfer }) => toTransferRow(transfer))} />
        )}
        <CursorPager
          newestHref={transfersCursor ? hrefFor({ cursor }) : null}
          olderHref={transfers.nextCursor ? hrefFor({ cursor, transfers: transfers.nextCursor }) : null}
        />
      </Card>
    </>
  );
}
