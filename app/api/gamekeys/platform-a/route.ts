import { apiHandler } from "@/lib/api/handler";
import { listGameKeysPlatformA } from "@/lib/api/operations/catalog";
import { listPricedProducts } from "@/lib/catalog/group-products";
import { effectiveTier } from "@/lib/subscriptions/rules";

// GET /api/gamekeys/platform-a - game keys for platform-a
export const GET = apiHandler(listGameKeysPlatformA, async ({ db, caller }) => {
  const { data } = await listPricedProducts(db, effectiveTier(await caller.account()), { category: "gamekey", platform: "platform-a" });
  return { data };
});
