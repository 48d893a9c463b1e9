import { toBalanceRecord } from "@/lib/accounts/serialize";
import { apiHandler } from "@/lib/api/handler";
import { getBalanceOp } from "@/lib/api/operations/account";

// GET /api/v2/balance - the calling reseller's balance
export const GET = apiHandler(getBalanceOp, async ({ caller }) => toBalanceRecord(await caller.account()));
