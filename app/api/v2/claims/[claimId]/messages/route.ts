import { apiHandler } from "@/lib/api/handler";
import { listClaimMessagesOp, postClaimMessageOp } from "@/lib/api/operations/claims";
import { pageClaimMessages, postClaimMessage } from "@/lib/claims/claim-messages";
import { getClaim } from "@/lib/claims/read-claims";
import { toClaimMessageRecord } from "@/lib/claims/serialize";

// GET /api/v2/claims/{claimId}/messages - the chat of a claim, newest first, a page at a time
export const GET = apiHandler(listClaimMessagesOp, async ({ db, caller, params, query }) => {
  const page = await pageClaimMessages(db, await getClaim(db, caller.userId, params.claimId), query);
  return { data: page.data.map(toClaimMessageRecord), next_cursor: page.nextCursor };
});

// POST /api/v2/claims/{claimId}/messages - a message from the reseller to support
export const POST = apiHandler(postClaimMessageOp, async ({ db, caller, params, body }) => {
  const claim = await getClaim(db, caller.userId, params.claimId);
  return toClaimMessageRecord(await postClaimMessage(db, { claim, author: "reseller", authorId: caller.userId, text: body.text }));
});
