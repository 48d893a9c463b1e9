import { apiHandler } from "@/lib/api/handler";
import { listSkus } from "@/lib/api/operations/catalog";
import { listPricedProducts } from "@/lib/catalog/group-products";
import { effectiveTier } from "@/lib/subscriptions/rules";

// GET /api/v2/skus - every sellable sku with its availability
export const GET = apiHandler(listSkus, async ({ db, caller }) => {
  const { data } = await listPricedProducts(db, effectiveTier(await caller.account()));
  return { data: data.map(({ sku, category, name, in_stock, stock }) => ({ sku, category, name, in_stock, stock })) };
});
