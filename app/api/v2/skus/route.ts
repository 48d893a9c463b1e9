import { apiHandler } from "@/lib/api/handler";
import { listSkusOp } from "@/lib/api/operations/catalog";
import { listPricedProducts } from "@/lib/catalog/priced-products";

// GET /api/v2/skus - every sellable sku with its availability
export const GET = apiHandler(listSkusOp, async ({ db, caller }) => {
  const { data } = await listPricedProducts(db, caller.effectiveTier());
  return { data: data.map(({ sku, category, name, in_stock, stock }) => ({ sku, category, name, in_stock, stock })) };
});
