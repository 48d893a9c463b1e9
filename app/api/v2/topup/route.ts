import { apiHandler } from "@/lib/api/handler";
import { ORDER_CATEGORIES, createTopupOrder } from "@/lib/api/operations/orders";
import { createOrderFromApi } from "@/lib/orders/create-from-api";

// POST /api/v2/topup - a top-up order (reseller API: POST /api/topup/order)
export const POST = apiHandler(createTopupOrder, async ({ db, caller, request, body }) =>
  createOrderFromApi(db, { caller, request, body, categories: ORDER_CATEGORIES[createTopupOrder.operationId] }),
);
