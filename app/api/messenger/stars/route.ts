import { apiHandler } from "@/lib/api/handler";
import { listMessengerStars } from "@/lib/api/operations/catalog";
import { listPricedProducts } from "@/lib/catalog/group-products";
import { effectiveTier } from "@/lib/subscriptions/rules";

// GET /api/messenger/stars - Messenger Stars packs
export const GET = apiHandler(listMessengerStars, async ({ db, caller }) => {
  const { data } = await listPricedProducts(db, effectiveTier(await caller.account()), { category: "messenger_stars" });
  return { data };
});
