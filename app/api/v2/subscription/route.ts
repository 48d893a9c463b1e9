import { apiHandler } from "@/lib/api/handler";
import { getSubscriptionOp } from "@/lib/api/operations/subscription";
import { getSubscription } from "@/lib/subscriptions/subscription";

// GET /api/v2/subscription - the tier, its period and the tariffs
export const GET = apiHandler(getSubscriptionOp, async ({ db, caller }) => getSubscription(db, caller.userId));
