import { apiHandler } from "@/lib/api/handler";
import { createPlatformTopupOrderOp } from "@/lib/api/operations/orders";
import { createOrderFromApi } from "@/lib/api/create-order";

// POST /api/platformtopup/order - a platform wallet top-up order
export const POST = apiHandler(createPlatformTopupOrderOp, async ({ db, caller, request, body }) =>
  createOrderFromApi(db, { caller, request, body, sells: createPlatformTopupOrderOp.sells }),
);
