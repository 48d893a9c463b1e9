import { apiHandler } from "@/lib/api/handler";
import { setSubscriptionAutoRenewOp } from "@/lib/api/operations/subscription";
import { setAutoRenew } from "@/lib/subscriptions/set-auto-renew";

// POST /api/v2/subscription/auto-renew - turn renewal from the balance on or off
export const POST = apiHandler(setSubscriptionAutoRenewOp, async ({ db, caller, body }) => setAutoRenew(db, caller.userId, body.enabled, caller.actor));
