import { toMeRecord } from "@/lib/accounts/serialize";
import { apiHandler } from "@/lib/api/handler";
import { getMeOp } from "@/lib/api/operations/account";

// GET /api/v2/me - the calling reseller's profile
export const GET = apiHandler(getMeOp, async ({ caller }) => toMeRecord(await caller.account()));
