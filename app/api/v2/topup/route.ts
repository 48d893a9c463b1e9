import { apiHandler } from "@/lib/api/handler";
import { createTopupOrderOp } from "@/lib/api/operations/orders";
import { createOrderFromApi } from "@/lib/api/create-order";

// POST /api/v2/topup - a top-up order (reseller API: POST /api/topup/order)
export const POST = apiHandler(createTopupOrderOp, async ({ db, caller, request, body }) =>
  createOrderFromApi(db, { caller, request, body, sells: createTopupOrderOp.sells }),
);
