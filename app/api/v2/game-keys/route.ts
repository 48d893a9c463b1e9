import { apiHandler } from "@/lib/api/handler";
import { createGameKeyOrderOp } from "@/lib/api/operations/orders";
import { createOrderFromApi } from "@/lib/api/create-order";

// POST /api/v2/game-keys - a game-key order (reseller API: POST /api/gamekeys/order)
export const POST = apiHandler(createGameKeyOrderOp, async ({ db, caller, request, body }) =>
  createOrderFromApi(db, { caller, request, body, sells: createGameKeyOrderOp.sells }),
);
