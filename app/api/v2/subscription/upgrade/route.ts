import { apiHandler } from "@/lib/api/handler";
import { upgradeSubscriptionOp } from "@/lib/api/operations/subscription";
import { upgradeSubscription } from "@/lib/subscriptions/subscription";

// POST /api/v2/subscription/upgrade - a higher tier at once, prorated
export const POST = apiHandler(
  upgradeSubscriptionOp,
  async ({ db, caller, body }) => (await upgradeSubscription(db, caller.userId, body.tier, caller.actor)).record,
);
