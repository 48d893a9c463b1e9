import { getSessionUser } from "@/lib/auth/session";
import { csvDownload } from "@/lib/csv/csv-download";
import { db } from "@/lib/db/client";
import { MARGIN_CSV_COLUMNS, marginCsvCells, marginGroupingSchema, marginReport } from "@/lib/fulfilment/margin-report";
import { dayRange, parseDay } from "@/lib/panel/day-range";
import { adminsOnlyExport } from "@/lib/panel/sign-in-to-export";

export const dynamic = "force-dynamic";

/** GET /admin/reports/margin/export?by=day|product|supplier&from=&to= - the margin report as the page shows it, as CSV. */
export async function GET(request: Request): Promise<Response> {
  const user = await getSessionUser();
  if (!user || user.role !== "admin") return adminsOnlyExport("margins", Boolean(user));
  const params = new URL(request.url).searchParams;
  const by = marginGroupingSchema.parse(params.get("by") ?? undefined);
  const report = await marginReport(db(), {
    by,
    ...dayRange({ from: parseDay(params.get("from") ?? undefined), to: parseDay(params.get("to") ?? undefined) }),
  });
  async function* single() {
    yield report.lines;
  }
  return csvDownload(`margin-by-${by}-${new Date().toISOString().slice(0, 10)}.csv`, MARGIN_CSV_COLUMNS, single(), marginCsvCells);
}
