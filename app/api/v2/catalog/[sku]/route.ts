import { apiHandler } from "@/lib/api/handler";
import { getProductOp } from "@/lib/api/operations/catalog";
import { readProduct } from "@/lib/catalog/priced-products";
import { notFound } from "@/lib/errors/app-error";

// GET /api/v2/catalog/{sku} - one product priced for the caller, on sale or not
export const GET = apiHandler(getProductOp, async ({ db, caller, params }) => {
  const record = await readProduct(db, caller.effectiveTier(), params.sku);
  if (!record) throw notFound("Product");
  return record;
});
