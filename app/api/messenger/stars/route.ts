import { apiHandler } from "@/lib/api/handler";
import { listMessengerStarsOp } from "@/lib/api/operations/catalog";
import { listPricedProducts } from "@/lib/catalog/priced-products";

// GET /api/messenger/stars - Messenger Stars packs
export const GET = apiHandler(listMessengerStarsOp, async ({ db, caller }) => {
  const { data } = await listPricedProducts(db, caller.effectiveTier(), { category: "messenger_stars" });
  return { data };
});
