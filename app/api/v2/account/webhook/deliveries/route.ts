import { apiHandler } from "@/lib/api/handler";
import { listWebhookDeliveriesOp } from "@/lib/api/operations/webhooks";
import { listDeliveries, toDeliveryRecord } from "@/lib/webhooks/deliveries";

// GET /api/v2/account/webhook/deliveries - delivery attempts, newest first
export const GET = apiHandler(listWebhookDeliveriesOp, async ({ db, caller, query }) => {
  const page = await listDeliveries(db, { userId: caller.userId, ...query });
  return { data: page.data.map(toDeliveryRecord), next_cursor: page.nextCursor };
});
