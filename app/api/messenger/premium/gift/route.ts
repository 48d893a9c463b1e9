import { apiHandler } from "@/lib/api/handler";
import { createMessengerPremiumOrderOp } from "@/lib/api/operations/orders";
import { createOrderFromApi } from "@/lib/api/create-order";

// POST /api/messenger/premium/gift - a Messenger Premium gift order
export const POST = apiHandler(createMessengerPremiumOrderOp, async ({ db, caller, request, body }) =>
  createOrderFromApi(db, { caller, request, body, sells: createMessengerPremiumOrderOp.sells }),
);
