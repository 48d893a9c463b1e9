import { getSessionUser } from "@/lib/auth/session";
import { csvDownload, everyPage } from "@/lib/csv/csv-download";
import { db } from "@/lib/db/client";
import { LEDGER_ENTRY_TYPES } from "@/lib/db/schema";
import { listLedgerEntries } from "@/lib/ledger/list-entries";
import { TRANSACTION_CSV_COLUMNS, transactionCsvCells } from "@/lib/ledger/transactions-csv";
import { signInToExport } from "@/lib/panel/sign-in-to-export";

export const dynamic = "force-dynamic";

/** GET /balance/export?type= - every transaction of the signed-in reseller (of one type, if given), as CSV. */
export async function GET(request: Request): Promise<Response> {
  const user = await getSessionUser();
  if (!user || user.role !== "reseller") return signInToExport("transactions");
  const typeParam = new URL(request.url).searchParams.get("type");
  // As on the balance page: a type it does not know lists every type.
  const type = LEDGER_ENTRY_TYPES.find((t) => t === typeParam);
  const pages = everyPage((cursor) => listLedgerEntries(db(), { userId: user.id, type, cursor, limit: 500 }));
  return csvDownload(`transactions-${new Date().toISOString().slice(0, 10)}.csv`, TRANSACTION_CSV_COLUMNS, pages, transactionCsvCells);
}
