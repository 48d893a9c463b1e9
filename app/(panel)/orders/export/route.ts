import { getSignedIn } from "@/lib/auth/session";
import { csvDownload, everyPage } from "@/lib/csv/csv-download";
import { db } from "@/lib/db/client";
import { listResellerOrders } from "@/lib/orders/list-orders";
import { ORDER_CSV_COLUMNS, orderCsvCells } from "@/lib/orders/orders-csv";
import { orderFilterOf, parseOrderFilterParams } from "@/lib/panel/order-filters";
import { memberExportRefusal, resellersOnlyExport } from "@/lib/panel/sign-in-to-export";

export const dynamic = "force-dynamic";

/** GET /orders/export?status=&type=&reference=&from=&to= - every one of the signed-in reseller's orders that the filters match, as CSV. */
export async function GET(request: Request): Promise<Response> {
  const signedIn = await getSignedIn();
  const user = signedIn?.account;
  if (!user || user.role !== "reseller")
    return resellersOnlyExport("orders", Boolean(user), "export every reseller's orders with Export CSV on Admin > Orders (/admin/orders)");
  const roleRefusal = memberExportRefusal(signedIn?.memberRole ?? null, "orders_read");
  if (roleRefusal) return roleRefusal;
  const { cursor: _cursor, ...params } = parseOrderFilterParams(new URL(request.url).searchParams);
  const filter = orderFilterOf(params);
  const pages = everyPage((cursor) => listResellerOrders(db(), user.id, { ...filter, cursor, limit: 500 }));
  return csvDownload(`orders-${new Date().toISOString().slice(0, 10)}.csv`, ORDER_CSV_COLUMNS, pages, orderCsvCells);
}
