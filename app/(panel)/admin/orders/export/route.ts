import { getSessionUser } from "@/lib/auth/session";
import { csvDownload, everyPage } from "@/lib/csv/csv-download";
import { db } from "@/lib/db/client";
import { listOrdersWithResellers } from "@/lib/orders/list-orders";
import { ADMIN_ORDER_CSV_COLUMNS, adminOrderCsvCells } from "@/lib/orders/orders-csv";
import { adminOrderFilterOf, parseAdminOrderFilterParams } from "@/lib/panel/admin-order-filters";
import { adminsOnlyExport } from "@/lib/panel/sign-in-to-export";

export const dynamic = "force-dynamic";

/** GET /admin/orders/export?tab=&status=&type=&reference=&email=&from=&to= - every order the admin orders page's filters match, across resellers, as CSV. */
export async function GET(request: Request): Promise<Response> {
  const user = await getSessionUser();
  if (!user || user.role !== "admin") return adminsOnlyExport("orders", Boolean(user));
  // As on the page, a filter it cannot read is left out, and the export starts from the newest.
  const params = { ...parseAdminOrderFilterParams(new URL(request.url).searchParams), cursor: undefined };
  const filter = adminOrderFilterOf(params, user.id);
  const pages = everyPage((cursor) => listOrdersWithResellers(db(), { ...filter, cursor, limit: 500 }));
  return csvDownload(`admin-orders-${new Date().toISOString().slice(0, 10)}.csv`, ADMIN_ORDER_CSV_COLUMNS, pages, adminOrderCsvCells);
}
