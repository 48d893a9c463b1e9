import { apiHandler } from "@/lib/api/handler";
import { listGameKeysOthers } from "@/lib/api/operations/catalog";
import { listPricedProducts } from "@/lib/catalog/group-products";
import { effectiveTier } from "@/lib/subscriptions/rules";

// GET /api/gamekeys/others - game keys for others
export const GET = apiHandler(listGameKeysOthers, async ({ db, caller }) => {
  const { data } = await listPricedProducts(db, effectiveTier(await caller.account()), { category: "gamekey", platform: "others" });
  return { data };
});
