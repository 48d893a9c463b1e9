import { apiHandler } from "@/lib/api/handler";
import { ORDER_CATEGORIES, createPlatformTopupOrder } from "@/lib/api/operations/orders";
import { createOrderFromApi } from "@/lib/orders/create-from-api";

// POST /api/platformtopup/order - a platform wallet top-up order
export const POST = apiHandler(createPlatformTopupOrder, async ({ db, caller, request, body }) =>
  createOrderFromApi(db, { caller, request, body, categories: ORDER_CATEGORIES[createPlatformTopupOrder.operationId] }),
);
