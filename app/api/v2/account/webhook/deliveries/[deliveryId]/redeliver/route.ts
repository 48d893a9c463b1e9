import { apiHandler } from "@/lib/api/handler";
import { redeliverWebhookDeliveryOp } from "@/lib/api/operations/webhooks";
import { toDeliveryRecord } from "@/lib/webhooks/deliveries";
import { redeliver } from "@/lib/webhooks/deliver";
import { sendOptions } from "@/lib/webhooks/options";

// POST /api/v2/account/webhook/deliveries/{deliveryId}/redeliver - that delivery's event again, now
export const POST = apiHandler(redeliverWebhookDeliveryOp, async ({ db, caller, params }) =>
  toDeliveryRecord(await redeliver(db, caller.userId, params.deliveryId, sendOptions())),
);
