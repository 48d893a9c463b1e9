import { apiHandler } from "@/lib/api/handler";
import { getOrderOp } from "@/lib/api/operations/orders";
import { getOrder } from "@/lib/orders/list-orders";
import { toOrderRecord } from "@/lib/orders/serialize";

// GET /api/v2/order/{orderId} - one order of the caller
export const GET = apiHandler(getOrderOp, async ({ db, caller, params }) => toOrderRecord(await getOrder(db, caller.userId, params.orderId)));
