import { apiHandler } from "@/lib/api/handler";
import { listPlatformTopupRatesOp } from "@/lib/api/operations/catalog";
import { listPricedProducts } from "@/lib/catalog/priced-products";

// GET /api/platformtopup/rates - wallet top-up products with what each credits
export const GET = apiHandler(listPlatformTopupRatesOp, async ({ db, caller }) => {
  const { data } = await listPricedProducts(db, caller.effectiveTier(), { category: "platformtopup" });
  return {
    data: data.map((product) => ({
      ...product,
      wallet_currency: product.attributes.wallet_currency ?? null,
      wallet_amount: product.attributes.wallet_amount ?? null,
    })),
  };
});
