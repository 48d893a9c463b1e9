import { apiHandler } from "@/lib/api/handler";
import { listGameKeysPlatformB } from "@/lib/api/operations/catalog";
import { listPricedProducts } from "@/lib/catalog/priced-products";

// GET /api/gamekeys/platform-b - game keys for platform-b
export const GET = apiHandler(listGameKeysPlatformB, async ({ db, caller }) => {
  const { data } = await listPricedProducts(db, caller.effectiveTier(), { category: "gamekey", platform: "platform-b" });
  return { data };
});
