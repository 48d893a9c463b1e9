import { apiHandler } from "@/lib/api/handler";
import { listGameKeysPlatformA } from "@/lib/api/operations/catalog";
import { listPricedProducts } from "@/lib/catalog/priced-products";

// GET /api/gamekeys/platform-a - game keys for platform-a
export const GET = apiHandler(listGameKeysPlatformA, async ({ db, caller }) => {
  const { data } = await listPricedProducts(db, caller.effectiveTier(), { category: "gamekey", platform: "platform-a" });
  return { data };
});
