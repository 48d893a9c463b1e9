import { apiHandler } from "@/lib/api/handler";
import { recoverWebhookDeliveriesOp } from "@/lib/api/operations/webhooks";
import { recoverEvents } from "@/lib/webhooks/recover";

// POST /api/v2/account/webhook/recover - queue again every event since `since` that never reached the receiver
export const POST = apiHandler(recoverWebhookDeliveriesOp, async ({ db, caller, body }) => ({
  queued: await recoverEvents(db, caller.userId, new Date(body.since)),
}));
