import { apiHandler } from "@/lib/api/handler";
import { createPlatformGiftOrderOp } from "@/lib/api/operations/orders";
import { createOrderFromApi } from "@/lib/api/create-order";

// POST /api/platformgifts/order - a platform gift order
export const POST = apiHandler(createPlatformGiftOrderOp, async ({ db, caller, request, body }) =>
  createOrderFromApi(db, { caller, request, body, sells: createPlatformGiftOrderOp.sells }),
);
