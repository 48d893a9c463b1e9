import { apiHandler } from "@/lib/api/handler";
import { listOrdersOp } from "@/lib/api/operations/orders";
import { listResellerOrders } from "@/lib/orders/list-orders";
import { toOrderRecord } from "@/lib/orders/serialize";

// GET /api/v2/orders - the caller's orders, newest first, filtered
export const GET = apiHandler(listOrdersOp, async ({ db, caller, query }) => {
  const page = await listResellerOrders(db, caller.userId, {
    status: query.status,
    type: query.type,
    reference: query.reference,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
    ids: query.ids,
    cursor: query.cursor,
    limit: query.limit,
  });
  return { data: page.data.map(toOrderRecord), next_cursor: page.nextCursor };
});
