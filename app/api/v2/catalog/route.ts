import { apiHandler } from "@/lib/api/handler";
import { listCatalogOp } from "@/lib/api/operations/catalog";
import { listPricedProducts } from "@/lib/catalog/priced-products";

// GET /api/v2/catalog - products priced for the caller, filtered and paginated
export const GET = apiHandler(listCatalogOp, async ({ db, caller, query }) => {
  const page = await listPricedProducts(db, caller.effectiveTier(), query);
  return { data: page.data, next_cursor: page.nextCursor };
});
