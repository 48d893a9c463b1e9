import { apiHandler } from "@/lib/api/handler";
import { getClaimOp } from "@/lib/api/operations/claims";
import { claimRecord } from "@/lib/claims/claim-events";
import { getClaim } from "@/lib/claims/read-claims";

// GET /api/v2/claims/{claimId} - one claim of the caller
export const GET = apiHandler(getClaimOp, async ({ db, caller, params }) => claimRecord(db, await getClaim(db, caller.userId, params.claimId)));
