import { apiHandler } from "@/lib/api/handler";
import { listPrices } from "@/lib/api/operations/catalog";
import { listPricedProducts } from "@/lib/catalog/group-products";
import { effectiveTier } from "@/lib/subscriptions/rules";

// GET /api/v2/prices - the caller's price of every sellable sku
export const GET = apiHandler(listPrices, async ({ db, caller }) => {
  const { data } = await listPricedProducts(db, effectiveTier(await caller.account()));
  return { data: data.map(({ sku, price, list_price, currency }) => ({ sku, price, list_price, currency })) };
});
