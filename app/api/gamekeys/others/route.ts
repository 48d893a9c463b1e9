import { apiHandler } from "@/lib/api/handler";
import { listGameKeysOthers } from "@/lib/api/operations/catalog";
import { listPricedProducts } from "@/lib/catalog/priced-products";

// GET /api/gamekeys/others - game keys for others
export const GET = apiHandler(listGameKeysOthers, async ({ db, caller }) => {
  const { data } = await listPricedProducts(db, caller.effectiveTier(), { category: "gamekey", platform: "others" });
  return { data };
});
