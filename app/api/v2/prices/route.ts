import { apiHandler, ApiReply } from "@/lib/api/handler";
import { listPricesOp } from "@/lib/api/operations/catalog";
import { nextSyncSince, readCatalog } from "@/lib/catalog/catalog-changes";

// GET /api/v2/prices - the caller's price of every sellable sku; with ?updated_since= those that changed
export const GET = apiHandler(listPricesOp, async ({ db, caller, query }) => {
  const nextSince = nextSyncSince();
  const { data } = await readCatalog(db, caller, {}, query.updated_since);
  return new ApiReply({ data: data.map(({ sku, price, list_price, currency, on_sale }) => ({ sku, price, list_price, currency, on_sale })) }, undefined, {
    "X-Next-Updated-Since": nextSince,
  });
});
