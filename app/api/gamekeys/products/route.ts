import { apiHandler } from "@/lib/api/handler";
import { getGameKeyProductsOp } from "@/lib/api/operations/catalog";
import { listPricedProducts } from "@/lib/catalog/priced-products";

// POST /api/gamekeys/products - the named game keys, on sale or not; the skus that are no game key come back apart
export const POST = apiHandler(getGameKeyProductsOp, async ({ db, caller, body }) => {
  const skus = [...new Set(body.skus)];
  const { data } = await listPricedProducts(db, caller.effectiveTier(), { category: "gamekey", skus, includeDisabled: true });
  const found = new Set(data.map((product) => product.sku));
  return { data, unknown_skus: skus.filter((sku) => !found.has(sku)) };
});
