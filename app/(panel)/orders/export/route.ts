import { getSessionUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import type { Order } from "@/lib/db/schema";
import { listOrders } from "@/lib/orders/list-orders";
import { ordersToCsv } from "@/lib/orders/orders-csv";
import { orderFilterOf, parseOrderFilterParams } from "@/lib/panel/order-filters";

export const dynamic = "force-dynamic";

const MAX_ROWS = 50_000;

/** GET /orders/export?status=&type=&reference=&from=&to= - the signed-in reseller's filtered orders as CSV. */
export async function GET(request: Request): Promise<Response> {
  const user = await getSessionUser();
  if (!user || user.role !== "reseller") {
    return new Response("Sign in as a reseller to export orders.\n", { status: 401, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }
  const { cursor: _cursor, ...params } = parseOrderFilterParams(new URL(request.url).searchParams);
  const filter = orderFilterOf(params);
  const rows: Order[] = [];
  let cursor: string | undefined;
  do {
    const page = await listOrders(db(), { userId: user.id, ...filter, cursor, limit: 100 });
    rows.push(...page.data);
    cursor = page.nextCursor ?? undefined;
  } while (cursor && rows.length < MAX_ROWS);
  const date = new Date().toISOString().slice(0, 10);
  // A byte order mark, so that Excel reads the file as UTF-8 rather than the system's code page.
  return new Response(`\uFEFF${ordersToCsv(rows)}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="orders-${date}.csv"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
