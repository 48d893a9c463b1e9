import { apiHandler } from "@/lib/api/handler";
import { listPlatformGiftGamesOp } from "@/lib/api/operations/catalog";
import { groupByAppid } from "@/lib/catalog/group-products";
import { listPricedProducts } from "@/lib/catalog/priced-products";

// GET /api/platformgifts/games - platform-gift games by appid, each with its packages' product records
export const GET = apiHandler(listPlatformGiftGamesOp, async ({ db, caller }) => {
  const { data } = await listPricedProducts(db, caller.effectiveTier(), { category: "platformgift" });
  return { data: groupByAppid(data) };
});
