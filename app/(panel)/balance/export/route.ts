import { getSignedIn } from "@/lib/auth/session";
import { csvDownload, everyPage } from "@/lib/csv/csv-download";
import { db } from "@/lib/db/client";
import { listLedgerEntries } from "@/lib/ledger/list-entries";
import { TRANSACTION_CSV_COLUMNS, transactionCsvCells } from "@/lib/ledger/transactions-csv";
import { memberExportRefusal, resellersOnlyExport } from "@/lib/panel/sign-in-to-export";
import { parseTransactionFilterParams, transactionFilterOf } from "@/lib/panel/transaction-filters";

export const dynamic = "force-dynamic";

/** GET /balance/export?type=&from=&to= - every transaction of the signed-in reseller that the filters match, as CSV. */
export async function GET(request: Request): Promise<Response> {
  const signedIn = await getSignedIn();
  const user = signedIn?.account;
  if (!user || user.role !== "reseller")
    return resellersOnlyExport(
      "transactions",
      Boolean(user),
      "export every reseller's invoices and transfers with Export CSV on Admin > Payments (/admin/payments)",
    );
  const roleRefusal = memberExportRefusal(signedIn?.memberRole ?? null, "exports");
  if (roleRefusal) return roleRefusal;
  // As on the balance page, a filter it cannot read is left out, and the export starts from the newest.
  const { cursor: _cursor, ...params } = parseTransactionFilterParams(new URL(request.url).searchParams);
  const filter = transactionFilterOf(params);
  const pages = everyPage((cursor) => listLedgerEntries(db(), { userId: user.id, ...filter, cursor, limit: 500 }));
  return csvDownload(`transactions-${new Date().toISOString().slice(0, 10)}.csv`, TRANSACTION_CSV_COLUMNS, pages, transactionCsvCells);
}
