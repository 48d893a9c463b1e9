import { apiHandler } from "@/lib/api/handler";
import { testWebhookOp } from "@/lib/api/operations/webhooks";
import { toDeliveryRecord } from "@/lib/webhooks/deliveries";
import { sendTestDelivery } from "@/lib/webhooks/deliver";
import { sendOptions } from "@/lib/webhooks/options";

// POST /api/v2/account/webhook/test - one immediate webhook.test delivery; answers its record
export const POST = apiHandler(testWebhookOp, async ({ db, caller }) => toDeliveryRecord(await sendTestDelivery(db, caller.userId, sendOptions())));
