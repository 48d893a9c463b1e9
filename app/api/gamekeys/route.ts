import { apiHandler } from "@/lib/api/handler";
import { listGameKeysOp } from "@/lib/api/operations/catalog";
import { listPricedProducts } from "@/lib/catalog/priced-products";

// GET /api/gamekeys - game keys on every platform
export const GET = apiHandler(listGameKeysOp, async ({ db, caller }) => {
  const { data } = await listPricedProducts(db, caller.effectiveTier(), { category: "gamekey" });
  return { data };
});
