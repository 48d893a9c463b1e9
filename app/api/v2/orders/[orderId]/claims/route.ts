import { idempotencyKeyOf } from "@/lib/api/create-order";
import { ApiReply, apiHandler } from "@/lib/api/handler";
import { openClaimOp } from "@/lib/api/operations/claims";
import { claimRecord } from "@/lib/claims/claim-events";
import { openClaim } from "@/lib/claims/open-claim";

// POST /api/v2/orders/{orderId}/claims - a claim on a completed order of the caller; 200 for a repeat under its Idempotency-Key
export const POST = apiHandler(openClaimOp, async ({ db, caller, params, body, request }) => {
  const idempotencyKey = idempotencyKeyOf(request.headers);
  return db.transaction(async (tx) => {
    const { claim, replayed } = await openClaim(tx, { userId: caller.userId, orderId: params.orderId, ...body, actor: caller.actor, idempotencyKey });
    const record = await claimRecord(tx, claim);
    return replayed ? new ApiReply(record, 200, { "Idempotent-Replayed": "true" }) : new ApiReply(record, 201);
  });
});
