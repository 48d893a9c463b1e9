import { apiHandler } from "@/lib/api/handler";
import { listMessengerPremium } from "@/lib/api/operations/catalog";
import { listPricedProducts } from "@/lib/catalog/group-products";
import { effectiveTier } from "@/lib/subscriptions/rules";

// GET /api/messenger/premium - Messenger Premium gift options
export const GET = apiHandler(listMessengerPremium, async ({ db, caller }) => {
  const { data } = await listPricedProducts(db, effectiveTier(await caller.account()), { category: "messenger_premium" });
  return { data };
});
