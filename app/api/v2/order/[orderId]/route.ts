import { apiHandler } from "@/lib/api/handler";
import { getOrder } from "@/lib/api/operations/orders";
import { getOrder as findOrder } from "@/lib/orders/list-orders";
import { toOrderRecord } from "@/lib/orders/serialize";

// GET /api/v2/order/{orderId} - one order of the caller
export const GET = apiHandler(getOrder, async ({ db, caller, params }) => toOrderRecord(await findOrder(db, caller.userId, params.orderId)));
