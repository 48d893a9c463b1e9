import { apiHandler } from "@/lib/api/handler";
import { createMessengerStarsOrderOp } from "@/lib/api/operations/orders";
import { createOrderFromApi } from "@/lib/api/create-order";

// POST /api/messenger/stars/buy - a Messenger Stars order
export const POST = apiHandler(createMessengerStarsOrderOp, async ({ db, caller, request, body }) =>
  createOrderFromApi(db, { caller, request, body, sells: createMessengerStarsOrderOp.sells }),
);
