import { apiHandler } from "@/lib/api/handler";
import { listClaimsOp } from "@/lib/api/operations/claims";
import { listResellerClaims } from "@/lib/claims/read-claims";
import { claimRecords } from "@/lib/claims/claim-events";

// GET /api/v2/claims - the caller's claims, newest first, filtered
export const GET = apiHandler(listClaimsOp, async ({ db, caller, query }) => {
  const page = await listResellerClaims(db, caller.userId, {
    status: query.status,
    reason: query.reason,
    orderId: query.order_id,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
    cursor: query.cursor,
    limit: query.limit,
  });
  return { data: await claimRecords(db, page.data), next_cursor: page.nextCursor };
});
