import { apiHandler } from "@/lib/api/handler";
import { listMessengerStars } from "@/lib/api/operations/catalog";
import { listPricedProducts } from "@/lib/catalog/priced-products";

// GET /api/messenger/stars - Messenger Stars packs
export const GET = apiHandler(listMessengerStars, async ({ db, caller }) => {
  const { data } = await listPricedProducts(db, caller.effectiveTier(), { category: "messenger_stars" });
  return { data };
});
