import { apiHandler } from "@/lib/api/handler";
import { ORDER_CATEGORIES, createMessengerPremiumOrder } from "@/lib/api/operations/orders";
import { createOrderFromApi } from "@/lib/orders/create-from-api";

// POST /api/messenger/premium/gift - a Messenger Premium gift order
export const POST = apiHandler(createMessengerPremiumOrder, async ({ db, caller, request, body }) =>
  createOrderFromApi(db, { caller, request, body, categories: ORDER_CATEGORIES[createMessengerPremiumOrder.operationId] }),
);
