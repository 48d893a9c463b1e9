import { apiHandler } from "@/lib/api/handler";
import { listTopupProductsOp } from "@/lib/api/operations/catalog";
import { listPricedProducts } from "@/lib/catalog/priced-products";

// GET /api/topup/products - top-up products, optionally of one game
export const GET = apiHandler(listTopupProductsOp, async ({ db, caller, query }) => {
  const { data } = await listPricedProducts(db, caller.effectiveTier(), { category: "topup", group: query.game, region: query.region });
  return { data };
});
