import { apiHandler } from "@/lib/api/handler";
import { listGameKeys } from "@/lib/api/operations/catalog";
import { listPricedProducts } from "@/lib/catalog/group-products";
import { effectiveTier } from "@/lib/subscriptions/rules";

// GET /api/gamekeys - game keys on every platform
export const GET = apiHandler(listGameKeys, async ({ db, caller }) => {
  const { data } = await listPricedProducts(db, effectiveTier(await caller.account()), { category: "gamekey" });
  return { data };
});
