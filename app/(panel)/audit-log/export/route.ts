import { listAuditLog } from "@/lib/audit/list-audit-log";
import { AUDIT_CSV_COLUMNS, auditCsvCells } from "@/lib/audit/serialize";
import { getSignedIn } from "@/lib/auth/session";
import { csvDownload, everyPage } from "@/lib/csv/csv-download";
import { db } from "@/lib/db/client";
import { auditFilterOf, parseAuditFilterParams } from "@/lib/panel/audit-filters";
import { memberExportRefusal, resellersOnlyExport } from "@/lib/panel/sign-in-to-export";

export const dynamic = "force-dynamic";

/** GET /audit-log/export?action=&actor=&from=&to= - every change on the signed-in reseller's account that the filters match, as CSV. */
export async function GET(request: Request): Promise<Response> {
  const signedIn = await getSignedIn();
  const user = signedIn?.account;
  if (!user || user.role !== "reseller")
    return resellersOnlyExport("audit log", Boolean(user), "read a reseller's audit log on its page under Admin > Resellers (/admin)");
  const roleRefusal = memberExportRefusal(signedIn?.memberRole ?? null, "audit_log");
  if (roleRefusal) return roleRefusal;
  // As on the page, a filter it cannot read is left out, and the export starts from the newest.
  const { cursor: _cursor, ...params } = parseAuditFilterParams(new URL(request.url).searchParams);
  const filter = auditFilterOf(params);
  const pages = everyPage((cursor) => listAuditLog(db(), user.id, { ...filter, cursor, limit: 500 }));
  return csvDownload(`audit-log-${new Date().toISOString().slice(0, 10)}.csv`, AUDIT_CSV_COLUMNS, pages, auditCsvCells);
}
