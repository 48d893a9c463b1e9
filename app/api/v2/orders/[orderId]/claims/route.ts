import { apiHandler } from "@/lib/api/handler";
import { openClaimOp } from "@/lib/api/operations/claims";
import { claimRecord } from "@/lib/claims/claim-events";
import { openClaim } from "@/lib/claims/open-claim";

// POST /api/v2/orders/{orderId}/claims - a claim on a completed order of the caller
export const POST = apiHandler(openClaimOp, async ({ db, caller, params, body }) =>
  db.transaction(async (tx) => claimRecord(tx, await openClaim(tx, { userId: caller.userId, orderId: params.orderId, ...body, actor: caller.actor }))),
);
