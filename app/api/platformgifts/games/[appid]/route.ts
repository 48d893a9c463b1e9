import { apiHandler } from "@/lib/api/handler";
import { getPlatformGiftGameOp } from "@/lib/api/operations/catalog";
import { groupByAppid } from "@/lib/catalog/group-products";
import { listPricedProducts } from "@/lib/catalog/priced-products";
import { notFound } from "@/lib/errors/app-error";

// GET /api/platformgifts/games/{appid} - one platform-gift game with its packages
export const GET = apiHandler(getPlatformGiftGameOp, async ({ db, caller, params }) => {
  const { data } = await listPricedProducts(db, caller.effectiveTier(), { category: "platformgift", appid: params.appid });
  const [game] = groupByAppid(data);
  if (!game) throw notFound("Game");
  return game;
});
