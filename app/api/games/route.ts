import { apiHandler } from "@/lib/api/handler";
import { listGamesOp } from "@/lib/api/operations/catalog";
import { groupByGame } from "@/lib/catalog/group-products";
import { listPricedProducts } from "@/lib/catalog/priced-products";

// GET /api/games - the top-up catalog grouped by game
export const GET = apiHandler(listGamesOp, async ({ db, caller, query }) => {
  const { data } = await listPricedProducts(db, caller.effectiveTier(), { category: "topup", ...query });
  return { data: groupByGame(data) };
});
