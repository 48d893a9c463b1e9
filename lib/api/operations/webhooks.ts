import { z } from "zod";
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_DELIVERY_TRIGGERS, WEBHOOK_DISABLED_REASONS } from "@/lib/db/schema";
import { MAX_OUTBOUND_URL_LENGTH } from "@/lib/net/outbound-url";
import { RECOVERY_WINDOW_DAYS } from "@/lib/webhooks/recover";
import { filterTime, listResponse, paginationQuery } from "../common-schemas";
import { timestampString } from "@/lib/records/fields";
import { defineOperation } from "../operation";

export const webhookSchema = z
  .object({
    url: z
      .string()
      .nullable()
      .meta({ description: "The receiving URL; null until a webhook is configured.", example: "https://shop.example/webhooks/reseller" }),
    enabled: z.boolean(),
    secret_set: z.boolean().meta({ description: "Whether a signing secret exists. The secret itself is never returned here." }),
    consecutive_failures: z.number().int().meta({
      description:
        "Failed delivery attempts since the last success; the 50th disables the webhook and the count stops there. Test deliveries are not counted. Attempts already on their way when the 50th fails still arrive; their answers are in the delivery log as failed, marked as not counted, and are not retried.",
    }),
    disabled_reason: z
      .enum(WEBHOOK_DISABLED_REASONS)
      .nullable()
      .meta({ description: "Why the webhook is off when the service turned it off; null when on, or turned off by the reseller." }),
    extended_events: z.boolean().meta({
      description:
        "Whether the events beyond the seed's four (`order.claim.opened`, `order.claim.updated`, `order.claim.resolved`) are delivered too. Off by default; the seed's four events are delivered either way.",
    }),
  })
  .meta({ id: "Webhook" });

const secretString = z
  .string()
  .regex(/^whsec_[0-9A-Za-z]{32}$/)
  .meta({ example: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" });

export const webhookDeliverySchema = z
  .object({
    delivery_id: z.string().meta({ example: "dlv_01JD4X0000ABCDEFGHJKMNPQRS" }),
    event_id: z.uuid(),
    event: z.string().meta({ example: "order.status_changed" }),
    url: z.string(),
    attempt: z.number().int().meta({
      description:
        "1 for the first send of the event, 2 to 4 for the retries; redeliveries continue the count. An attempt sent again because the worker sending it stalled past its lease appears twice with the same number, each row with its own outcome.",
    }),
    trigger: z.enum(WEBHOOK_DELIVERY_TRIGGERS).meta({ description: "event: the event's own send or retry; redelivery: asked for; test: a test event." }),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    response_status: z.number().int().nullable().meta({ description: "The receiver's HTTP status; null when no answer came." }),
    duration_ms: z.number().int().nullable(),
    error: z.string().nullable().meta({ description: "Why the attempt failed (timeout, refused address, non-2xx, redirect...)." }),
    created_at: timestampString,
    next_retry_at: timestampString.nullable().meta({ description: "When the next retry of a failed attempt is due; null when none follows." }),
    payload: z.string().meta({ description: "The exact request body that was sent (and signed)." }),
    response_body: z.string().nullable().meta({ description: "The first 1 KiB of the receiver's answer." }),
  })
  .meta({ id: "WebhookDelivery" });

// Trimmed: a URL pasted with a space or line break around it is saved, shown and compared as the URL itself.
const webhookUrl = z
  .string()
  .trim()
  .min(1, "Enter the URL that receives the events.")
  .max(MAX_OUTBOUND_URL_LENGTH, `At most ${MAX_OUTBOUND_URL_LENGTH} characters.`)
  .meta({ example: "https://shop.example/webhooks/reseller" });

export const putWebhookBody = z.strictObject({
  url: webhookUrl,
  enabled: z.boolean(),
  extended_events: z
    .boolean()
    .optional()
    .meta({ description: "Turn the extended events (`order.claim.*`) on or off; left out, the setting stays as it was (off for a new webhook)." }),
});

const tag = "Webhooks";
const base = { tag, category: "default", auth: "reseller", scope: "webhooks:manage" } as const;

export const getWebhookOp = defineOperation({
  ...base,
  operationId: "getWebhook",
  summary: "The webhook configuration",
  description: "Never includes the secret. Before any configuration: url null, enabled false, secret_set false.",
  method: "GET",
  path: "/api/v2/account/webhook",
  response: webhookSchema,
});

export const putWebhookOp = defineOperation({
  ...base,
  operationId: "putWebhook",
  summary: "Set the webhook URL and turn it on or off",
  description:
    "Only http(s) URLs without credentials, at most 2048 characters, whose host resolves only to public addresses. " +
    "The first call creates the signing secret and returns it once, as `secret`. Enabling a disabled webhook, or changing its URL, " +
    "starts the failure count from zero.",
  method: "PUT",
  path: "/api/v2/account/webhook",
  body: putWebhookBody,
  response: webhookSchema
    .extend({ secret: secretString.optional().meta({ description: "Only in the answer to the call that created the webhook." }) })
    .meta({ id: "WebhookSaved" }),
  errors: ["validation_error"],
});

export const regenerateWebhookSecretOp = defineOperation({
  ...base,
  operationId: "regenerateWebhookSecret",
  summary: "Rotate the signing secret",
  description: "The old secret stops signing at once: every delivery from now on, retries included, is signed with the new one.",
  method: "POST",
  path: "/api/v2/account/webhook/secret/regenerate",
  response: z.object({ secret: secretString }).meta({ id: "WebhookSecret" }),
  errors: ["not_found"],
});

export const testWebhookOp = defineOperation({
  ...base,
  operationId: "testWebhook",
  summary: "Send a test event now",
  description:
    'One immediate, signed delivery of a `webhook.test` event (data `{"message": "test"}`); answers the delivery record with the receiver\'s answer.',
  method: "POST",
  path: "/api/v2/account/webhook/test",
  response: webhookDeliverySchema,
  errors: ["not_found"],
});

export const listWebhookDeliveriesOp = defineOperation({
  ...base,
  operationId: "listWebhookDeliveries",
  summary: "Delivery attempts, newest first",
  method: "GET",
  path: "/api/v2/account/webhook/deliveries",
  query: paginationQuery("dlv"),
  response: listResponse(webhookDeliverySchema),
});

export const redeliverWebhookDeliveryOp = defineOperation({
  ...base,
  operationId: "redeliverWebhookDelivery",
  summary: "Send a delivery's event again now",
  description: "Sends the same body again, signed with the current secret, as a new attempt; answers that attempt.",
  method: "POST",
  path: "/api/v2/account/webhook/deliveries/{deliveryId}/redeliver",
  params: z.object({ deliveryId: z.string().max(64) }),
  response: webhookDeliverySchema,
  errors: ["not_found"],
});

export const recoverWebhookBody = z.strictObject({
  since: filterTime.meta({
    description: `Events created at or after this time are looked at; at most ${RECOVERY_WINDOW_DAYS} days back, and not in the future.`,
    example: "2026-11-20T00:00:00Z",
  }),
});

export const recoverWebhookDeliveriesOp = defineOperation({
  ...base,
  operationId: "recoverWebhookDeliveries",
  summary: "Send again every event that never reached the receiver since a time",
  description:
    "For catching up after the receiver was down or the webhook disabled: queues one new delivery for each of your events since `since` " +
    "that no delivery reached (retries ran out, stopped when the webhook was disabled, or the event came while it was off) and that has no " +
    "delivery still on its way; events already delivered are skipped. The deliveries go out in event order, oldest first (the events of one change share a timestamp and have no order between them), at least once, signed with " +
    "the current secret, and appear in the delivery log like any attempt. Answers how many were queued. The webhook must be enabled " +
    "(`409 webhook_disabled` otherwise: enable it first). A delivery that fails again is not retried; recover again once the receiver is back.",
  method: "POST",
  path: "/api/v2/account/webhook/recover",
  body: recoverWebhookBody,
  response: z.object({ queued: z.number().int().meta({ description: "How many events were queued for delivery." }) }).meta({ id: "WebhookRecovery" }),
  successStatus: 202,
  errors: ["validation_error", "not_found", "webhook_disabled"],
});

export const webhookOperations = [
  getWebhookOp,
  putWebhookOp,
  regenerateWebhookSecretOp,
  testWebhookOp,
  listWebhookDeliveriesOp,
  redeliverWebhookDeliveryOp,
  recoverWebhookDeliveriesOp,
];
