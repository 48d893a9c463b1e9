import { apiHandler } from "@/lib/api/handler";
import { listMessengerPremiumOp } from "@/lib/api/operations/catalog";
import { listPricedProducts } from "@/lib/catalog/priced-products";

// GET /api/messenger/premium - Messenger Premium gift options
export const GET = apiHandler(listMessengerPremiumOp, async ({ db, caller }) => {
  const { data } = await listPricedProducts(db, caller.effectiveTier(), { category: "messenger_premium" });
  return { data };
});
