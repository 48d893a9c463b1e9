import { apiHandler } from "@/lib/api/handler";
import { listMessengerPremium } from "@/lib/api/operations/catalog";
import { listPricedProducts } from "@/lib/catalog/priced-products";

// GET /api/messenger/premium - Messenger Premium gift options
export const GET = apiHandler(listMessengerPremium, async ({ db, caller }) => {
  const { data } = await listPricedProducts(db, caller.effectiveTier(), { category: "messenger_premium" });
  return { data };
});
