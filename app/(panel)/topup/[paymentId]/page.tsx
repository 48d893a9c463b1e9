import type { Metadata } from "next";
import { notFound } from "next/navigation";
import QRCode from "qrcode";
import { PageHeader } from "@/components/ui/page-header";
import { PendingLink } from "@/components/ui/pending-link";
import { requireCapability } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { formatDateTime } from "@/lib/panel/format";
import { getPayment } from "@/lib/payments/payments";
import { toPaymentRecord } from "@/lib/payments/serialize";
import { InvoiceView } from "./invoice-view";

export const metadata: Metadata = { title: "Invoice" };

export default async function InvoicePage({ params }: { params: Promise<{ paymentId: string }> }) {
  const { account: user } = await requireCapability("topups");
  const { paymentId } = await params;
  const { payment, transfers } = await getPayment(db(), user.id, paymentId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  });
  const renderedAt = new Date();
  const invoice = toPaymentRecord(payment, transfers, renderedAt);
  // Drawn here, from the address alone: wallets differ in how they read an amount from a QR code.
  const qrSvg = await QRCode.toString(invoice.address, { type: "svg", margin: 0, errorCorrectionLevel: "M" });

  return (
    <>
      <PendingLink href="/topup" className="mb-3 inline-flex text-sm font-medium text-slate-500 hover:text-slate-900">
        ← Top up
      </PendingLink>
      <PageHeader
        title={`Invoice for ${invoice.amount} USDT`}
        description={
          <>
            <span className="font-mono text-xs break-all" data-testid="invoice-id">
              {invoice.payment_id}
            </span>{" "}
            · created {formatDateTime(invoice.created_at)}
          </>
        }
      />
      <InvoiceView invoice={invoice} qrSvg={qrSvg} renderedAt={renderedAt.getTime()} />
    </>
  );
}
