import { apiHandler } from "@/lib/api/handler";
import { createMessengerStarsOrder } from "@/lib/api/operations/orders";
import { createOrderFromApi } from "@/lib/api/create-order";

// POST /api/messenger/stars/buy - a Messenger Stars order
export const POST = apiHandler(createMessengerStarsOrder, async ({ db, caller, request, body }) =>
  createOrderFromApi(db, { caller, request, body, sells: createMessengerStarsOrder.sells }),
);
