import { apiHandler } from "@/lib/api/handler";
import { renewSubscriptionOp } from "@/lib/api/operations/subscription";
import { renewSubscription } from "@/lib/subscriptions/subscription";

// POST /api/v2/subscription/renew - pay the next month (optionally at a lower tier)
export const POST = apiHandler(
  renewSubscriptionOp,
  async ({ db, caller, body }) => (await renewSubscription(db, caller.userId, body.tier, caller.actor)).record,
);
