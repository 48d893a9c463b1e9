import { apiHandler } from "@/lib/api/handler";
import { createPlatformGiftOrder } from "@/lib/api/operations/orders";
import { createOrderFromApi } from "@/lib/api/create-order";

// POST /api/platformgifts/order - a platform gift order
export const POST = apiHandler(createPlatformGiftOrder, async ({ db, caller, request, body }) =>
  createOrderFromApi(db, { caller, request, body, sells: createPlatformGiftOrder.sells }),
);
