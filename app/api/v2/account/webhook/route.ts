import { apiHandler } from "@/lib/api/handler";
import { getWebhookOp, putWebhookOp } from "@/lib/api/operations/webhooks";
import { config } from "@/lib/config/env";
import { findWebhookEndpoint, saveWebhook, toWebhookRecord } from "@/lib/webhooks/settings";

// GET /api/v2/account/webhook - the webhook configuration, never the secret
export const GET = apiHandler(getWebhookOp, async ({ db, caller }) => toWebhookRecord(await findWebhookEndpoint(db, caller.userId)));

// PUT /api/v2/account/webhook - set url, enabled and extended_events; the first call creates the secret and returns it once
export const PUT = apiHandler(putWebhookOp, async ({ db, caller, body }) => {
  const input = { url: body.url, enabled: body.enabled, extendedEvents: body.extended_events };
  const { endpoint, secret } = await saveWebhook(db, caller.userId, input, caller.actor, { allowPrivate: config().WEBHOOK_ALLOW_PRIVATE });
  return secret ? { ...toWebhookRecord(endpoint), secret } : toWebhookRecord(endpoint);
});
