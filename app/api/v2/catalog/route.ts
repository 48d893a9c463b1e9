import { apiHandler, ApiReply } from "@/lib/api/handler";
import { listCatalogOp } from "@/lib/api/operations/catalog";
import { nextSyncSince, readCatalog } from "@/lib/catalog/catalog-changes";

// GET /api/v2/catalog - products priced for the caller, filtered and paginated; with ?updated_since= what changed
export const GET = apiHandler(listCatalogOp, async ({ db, caller, query }) => {
  const nextSince = nextSyncSince();
  const { updated_since: updatedSince, ...filter } = query;
  const page = await readCatalog(db, caller, filter, updatedSince);
  return new ApiReply({ data: page.data, next_cursor: page.nextCursor }, undefined, { "X-Next-Updated-Since": nextSince });
});
