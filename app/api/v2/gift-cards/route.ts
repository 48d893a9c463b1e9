import { apiHandler } from "@/lib/api/handler";
import { createGiftCardOrderOp } from "@/lib/api/operations/orders";
import { createOrderFromApi } from "@/lib/api/create-order";

// POST /api/v2/gift-cards - a gift-card order (reseller API: POST /api/giftcards/order)
export const POST = apiHandler(createGiftCardOrderOp, async ({ db, caller, request, body }) =>
  createOrderFromApi(db, { caller, request, body, sells: createGiftCardOrderOp.sells }),
);
