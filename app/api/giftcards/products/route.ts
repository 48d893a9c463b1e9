import { apiHandler } from "@/lib/api/handler";
import { listGiftCardProductsOp } from "@/lib/api/operations/catalog";
import { listPricedProducts } from "@/lib/catalog/priced-products";

// GET /api/giftcards/products - gift cards, optionally of one region or brand
export const GET = apiHandler(listGiftCardProductsOp, async ({ db, caller, query }) => {
  const { data } = await listPricedProducts(db, caller.effectiveTier(), { category: "giftcard", region: query.region, group: query.brand });
  return { data };
});
