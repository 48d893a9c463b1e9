import { apiHandler } from "@/lib/api/handler";
import { listPricesOp } from "@/lib/api/operations/catalog";
import { listPricedProducts } from "@/lib/catalog/priced-products";

// GET /api/v2/prices - the caller's price of every sellable sku
export const GET = apiHandler(listPricesOp, async ({ db, caller }) => {
  const { data } = await listPricedProducts(db, caller.effectiveTier());
  return { data: data.map(({ sku, price, list_price, currency }) => ({ sku, price, list_price, currency })) };
});
