import type { ReactNode } from "react";
import { Countdown } from "@/components/payments/countdown";
import { InvoiceSteps, invoiceSteps } from "@/components/payments/invoice-steps";
import { InvoiceStatusBadge, TransferStatusBadge } from "@/components/payments/status-badges";
import { TxHash } from "@/components/payments/tx-hash";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { EmptyState } from "@/components/ui/empty-state";
import { Money } from "@/components/ui/money";
import { PendingLink } from "@/components/ui/pending-link";
import { formatMoney, parseMoney } from "@/lib/money/money";
import { formatDateTime } from "@/lib/panel/format";
import { isOpen } from "@/lib/payments/payment-status";
import type { PaymentRecord } from "@/lib/payments/serialize";
import { FollowInvoice } from "./follow-invoice";

const micros = (amount: string) => parseMoney(amount) ?? 0n;

/** The invoice's money in micro-dollars: what it asks, what is final, what is still on its way. */
function tally(invoice: PaymentRecord) {
  const amount = micros(invoice.amount);
  const received = micros(invoice.received_amount);
  const confirming = invoice.transfers.filter((t) => t.status === "confirming").reduce((sum, t) => sum + micros(t.amount), 0n);
  const remaining = amount - received - confirming;
  return { amount, received, confirming, remaining: remaining > 0n ? remaining : 0n };
}

/** What the status means for the reseller, in words, and what (if anything) to do next. */
function StatusMessage({ invoice }: { invoice: PaymentRecord }) {
  const { amount, received, confirming, remaining } = tally(invoice);
  const before = formatDateTime(invoice.expires_at);
  switch (invoice.status) {
    case "pending":
      return (
        <Alert tone="info">
          Send <strong>{invoice.amount} USDT</strong> on TRON (TRC-20) to the address below before {before}. This page follows the chain by itself.
        </Alert>
      );
    case "confirming":
      return (
        <Alert tone="info">
          <strong>{formatMoney(confirming)} USDT</strong> is on its way: it is credited once its block is final, usually within a minute.
          {remaining > 0n ? ` ${formatMoney(remaining)} USDT remain to send before ${before}.` : " Nothing more to do."}
        </Alert>
      );
    case "partially_paid":
      return (
        <Alert tone="warning">
          Received <strong>{invoice.received_amount}</strong> of <strong>{invoice.amount} USDT</strong>, already in your balance. Send the remaining{" "}
          <strong>{formatMoney(remaining)} USDT</strong> before {before} to complete the invoice.
        </Alert>
      );
    case "paid":
      return (
        <Alert tone="success">
          <p className="font-semibold" data-testid="invoice-paid">
            Paid: {invoice.received_amount} USD was added to your balance.
          </p>
          {received > amount ? (
            <p className="mt-1">That is {formatMoney(received - amount)} more than the invoice: every transfer is credited in full.</p>
          ) : null}
          <PendingLink href="/balance" className="mt-2 inline-flex font-semibold underline">
            See your balance →
          </PendingLink>
        </Alert>
      );
    case "expired":
      return (
        <Alert tone="warning">
          {received > 0n
            ? `This invoice expired with ${invoice.received_amount} of ${invoice.amount} USDT received; that part is in your balance. Create a new invoice for the remaining ${formatMoney(amount - received)} USDT.`
            : "This invoice expired before any transfer arrived. A transfer that reaches your address late is still credited, but create a new invoice to follow one."}
          <PendingLink href="/topup" className="mt-2 flex font-semibold underline">
            New invoice →
          </PendingLink>
        </Alert>
      );
  }
}

function Fact({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "min-w-0 sm:col-span-2" : "min-w-0"}>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * The invoice as the server read it. While it is open, FollowInvoice follows the chain through the
 * API and has the server render it again when it changes; it stops once paid or expired.
 */
export function InvoiceView({ invoice, qrSvg, renderedAt }: { invoice: PaymentRecord; qrSvg: string; renderedAt: number }) {
  const open = isOpen(invoice.status);
  const { received, confirming, remaining } = tally(invoice);
  // Once part is paid or on its way, the amount to copy is what is left: copying the invoice's whole
  // amount then, the reseller would send what the chain already carries a second time.
  const started = received + confirming > 0n;
  return (
    <div className="space-y-6">
      <Card>
        <CardBody className="space-y-5">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <InvoiceStatusBadge status={invoice.status} size="md" />
            {open ? (
              <p className="text-sm text-slate-500">
                <FollowInvoice shown={invoice} />
              </p>
            ) : null}
          </div>
          <InvoiceSteps steps={invoiceSteps(invoice.status, received > 0n)} />
          <div data-testid="invoice-message">
            <StatusMessage invoice={invoice} />
          </div>
        </CardBody>
      </Card>

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className={open ? "lg:col-span-2" : "lg:col-span-3"}>
          <CardHeader title={open ? "Send USDT" : "Invoice"} description={open ? "Network: TRON (TRC-20). Token: USDT." : undefined} />
          <CardBody>
            <dl className="grid gap-5 sm:grid-cols-2">
              <Fact label="Amount">
                <span className="flex flex-wrap items-center gap-3">
                  <span className="text-2xl font-semibold" data-testid="invoice-amount">
                    <Money amount={invoice.amount} currency="USDT" />
                  </span>
                  {open && !started ? <CopyButton text={invoice.amount} label="Copy amount" /> : null}
                </span>
              </Fact>
              <Fact label={open ? "Expires in" : invoice.status === "paid" ? "Paid" : "Expired"}>
                {open ? (
                  <>
                    <span className="text-2xl font-semibold">
                      <Countdown until={invoice.expires_at} renderedAt={renderedAt} />
                    </span>
                    <span className="block text-xs text-slate-500">at {formatDateTime(invoice.expires_at)}</span>
                  </>
                ) : (
                  <span className="text-base font-semibold">{formatDateTime(invoice.paid_at ?? invoice.expires_at)}</span>
                )}
              </Fact>
              <Fact label="To your deposit address" wide>
                <span className="flex flex-col gap-2 sm:flex-row sm:items-center">
                  <code
                    className="block min-w-0 flex-1 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-xs break-all text-slate-900 select-all sm:text-sm"
                    data-testid="invoice-address"
                  >
                    {invoice.address}
                  </code>
                  {open ? <CopyButton text={invoice.address} label="Copy address" /> : null}
                </span>
              </Fact>
              <Fact label="Received">
                <span data-testid="invoice-received">
                  <Money amount={invoice.received_amount} currency="USDT" />
                </span>
              </Fact>
              {open && started ? (
                <Fact label="Still to send">
                  <span className="flex flex-wrap items-center gap-3">
                    <span data-testid="invoice-still-to-send">
                      <Money amount={formatMoney(remaining)} currency="USDT" />
                    </span>
                    {remaining > 0n ? <CopyButton text={formatMoney(remaining)} label="Copy amount" /> : null}
                  </span>
                </Fact>
              ) : null}
            </dl>
          </CardBody>
        </Card>

        {open ? (
          <Card>
            <CardHeader title="Scan to pay" />
            <CardBody className="flex flex-col items-center gap-3">
              <div
                data-testid="invoice-qr"
                role="img"
                aria-label={`QR code of the address ${invoice.address}`}
                className="h-44 w-44 [&>svg]:h-full [&>svg]:w-full"
                dangerouslySetInnerHTML={{ __html: qrSvg }}
              />
              <p className="text-center text-xs text-slate-500">It holds the address only: enter the amount in your wallet.</p>
            </CardBody>
          </Card>
        ) : null}
      </div>

      <Card>
        <CardHeader title="Transfers" description="The USDT transfers counted towards this invoice, as the chain reports them." />
        {invoice.transfers.length === 0 ? (
          <EmptyState title="No transfer yet">
            {open ? "Yours shows up here within seconds of reaching the chain." : "None arrived while the invoice was open."}
          </EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="invoice-transfers">
            {invoice.transfers.map((transfer) => (
              <li
                key={transfer.tx_hash}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 sm:px-6"
                data-testid="invoice-transfer"
              >
                <div className="min-w-0">
                  <TxHash hash={transfer.tx_hash} />
                  <p className="mt-1 text-xs text-slate-500">{formatDateTime(transfer.block_timestamp)}</p>
                </div>
                <div className="flex items-center gap-3">
                  <Money amount={transfer.amount} currency="USDT" className="font-medium" />
                  <TransferStatusBadge status={transfer.status} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
