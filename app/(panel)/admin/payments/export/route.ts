import { getSessionUser } from "@/lib/auth/session";
import { csvDownload, everyPage } from "@/lib/csv/csv-download";
import { db } from "@/lib/db/client";
import { adminPaymentListFilter, parseAdminPaymentFilterParams } from "@/lib/panel/admin-payment-filters";
import { adminsOnlyExport } from "@/lib/panel/sign-in-to-export";
import { listInvoices, listTransfers } from "@/lib/payments/admin-lists";
import { INVOICE_CSV_COLUMNS, invoiceCsvCells, TRANSFER_CSV_COLUMNS, transferCsvCells } from "@/lib/payments/payments-csv";

export const dynamic = "force-dynamic";

/** GET /admin/payments/export?tab=&status=&email=&from=&to= - every invoice (or, on the transfers tab, transfer) the admin payments page's filters match, as CSV. */
export async function GET(request: Request): Promise<Response> {
  const user = await getSessionUser();
  if (!user || user.role !== "admin") return adminsOnlyExport("payments", Boolean(user));
  // As on the page, a filter it cannot read is left out, and the export starts from the newest.
  const params = parseAdminPaymentFilterParams(new URL(request.url).searchParams);
  const now = new Date();
  const day = now.toISOString().slice(0, 10);
  const filter = { ...adminPaymentListFilter(params), limit: 500 };
  if (params.tab === "transfers") {
    const { status } = params;
    const pages = everyPage((cursor) => listTransfers(db(), { ...filter, status, cursor }));
    return csvDownload(`admin-transfers-${day}.csv`, TRANSFER_CSV_COLUMNS, pages, transferCsvCells);
  }
  const { status } = params;
  const pages = everyPage((cursor) => listInvoices(db(), { ...filter, status, cursor }));
  return csvDownload(`admin-invoices-${day}.csv`, INVOICE_CSV_COLUMNS, pages, (item) => invoiceCsvCells(item, now));
}
