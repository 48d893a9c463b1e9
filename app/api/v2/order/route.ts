import { apiHandler } from "@/lib/api/handler";
import { createOrderOp } from "@/lib/api/operations/orders";
import { createOrderFromApi } from "@/lib/api/create-order";

// POST /api/v2/order - an order of any category
export const POST = apiHandler(createOrderOp, async ({ db, caller, request, body }) =>
  createOrderFromApi(db, { caller, request, body, sells: createOrderOp.sells }),
);
