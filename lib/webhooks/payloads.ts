import { z } from "zod";
import { timestampString } from "@/lib/records/fields";
import { ORDER_STATUSES, type EventType } from "@/lib/db/schema";
import { claimSchema, CLAIM_OUTCOMES } from "@/lib/claims/serialize";
import { orderEventSchema as orderSchema } from "@/lib/orders/serialize";
import { DELIVERY_TIMEOUT_MS, MAX_CONSECUTIVE_FAILURES, MAX_RESPONSE_BYTES, TEST_EVENT } from "./constants";

/*
 * What a webhook delivery carries, as zod schemas: the code that builds each event's data is typed by
 * them, the OpenAPI document's `webhooks` are generated from them, and the tests check real deliveries
 * against that document, so what is documented and what is sent cannot part.
 */

export type WebhookEventName = EventType | typeof TEST_EVENT;

const orderId = z.string().meta({ example: "ord_01JD4X0000ABCDEFGHJKMNPQRS" });

const chatData = {
  order_id: orderId,
  type: z.literal("manual"),
  message_preview: z.string().meta({ description: "The supplier's message, cut to at most 100 characters (ending in … when cut)." }),
};

interface WebhookEventDefinition {
  summary: string;
  /** When the event is sent, and what its data holds. */
  when: string;
  data: z.ZodType;
}

export const WEBHOOK_EVENTS = {
  "order.created": {
    summary: "Order created",
    when: "An order was created, of any type, through the API or the panel. `data` is the order record as created: `status` `processing`, `delivery` null.",
    data: orderSchema,
  },
  "order.status_changed": {
    summary: "Order status changed",
    when:
      "An order's status changed: `processing` to `completed` or `failed`, or `completed` to `refunded`. `data` is the order record after the change, " +
      "with `previous_status`; a completed or refunded order's `delivery` holds its codes.",
    data: orderSchema.extend({ previous_status: z.enum(ORDER_STATUSES).meta({ description: "The status before this change." }) }),
  },
  "manual_service.chat.message": {
    summary: "Supplier chat message",
    when: "The supplier wrote in the chat of a manual order.",
    data: z.object({ ...chatData, message_created_at: timestampString.meta({ description: "When the message was written." }) }),
  },
  "manual_service.chat.waiting_reply": {
    summary: "Supplier waits for a reply",
    when: "The supplier's message needs your answer before the manual order can go on; sent right after that message's `manual_service.chat.message`.",
    data: z.object({ ...chatData, waiting_since: timestampString.meta({ description: "When the supplier started waiting (their message's time)." }) }),
  },
  "order.claim.opened": {
    summary: "Claim opened (extended)",
    when: "You opened a claim on an order, through the API or the panel. `data` is the claim record. Sent only while the webhook's `extended_events` is true.",
    data: claimSchema,
  },
  "order.claim.updated": {
    summary: "Claim updated (extended)",
    when:
      "Support wrote in a claim's chat (`change: message`, with `message_preview`), or its status moved (`change: status`): taken up (`in_review`), a replacement being bought from a supplier (`replacing`), or back in review when that failed. `data` is the claim record after the change. " +
      "Sent only while the webhook's `extended_events` is true.",
    data: claimSchema.extend({
      change: z.enum(["message", "status"]),
      message_preview: z.string().nullable().meta({ description: "Support's message, cut to at most 100 characters; null for a status change." }),
    }),
  },
  "order.claim.resolved": {
    summary: "Claim resolved (extended)",
    when:
      "A claim got its outcome: `replaced` (the order's `delivery` holds the new code; read the order), `refunded` (`amount` returned to the balance as a `refund` transaction) " +
      "or `rejected` (`resolution.note` says why). Sent only while the webhook's `extended_events` is true.",
    data: claimSchema.extend({
      outcome: z.enum(CLAIM_OUTCOMES),
      amount: z
        .string()
        .nullable()
        .meta({ description: "What a refund returned, as a decimal string of US dollars; null for the other outcomes.", example: "19.40" }),
    }),
  },
  [TEST_EVENT]: {
    summary: "Test event",
    when:
      "Sent only when asked for, by `POST /api/v2/account/webhook/test` or the panel, to check a receiver: sent once and never retried, " +
      "and its failure does not count towards disabling the webhook.",
    data: z.object({ message: z.literal("test") }),
  },
} as const satisfies Record<WebhookEventName, WebhookEventDefinition>;

export const WEBHOOK_EVENT_NAMES = Object.keys(WEBHOOK_EVENTS) as WebhookEventName[];

export type WebhookEventData<T extends WebhookEventName> = z.infer<(typeof WEBHOOK_EVENTS)[T]["data"]>;

/** The body of every delivery: `{event, event_id, timestamp, data}`. */
export function webhookEnvelopeSchema<T extends WebhookEventName>(event: T) {
  return z.object({
    event: z.literal(event),
    event_id: z.uuid().meta({
      description: "The event's id: the same in every attempt and redelivery of the event, and in `X-Webhook-Id` and `webhook-id`. Deduplicate by it.",
    }),
    timestamp: timestampString.meta({ description: "When the event occurred, ISO 8601 UTC with milliseconds; the same in every attempt." }),
    data: WEBHOOK_EVENTS[event].data,
  });
}

export type WebhookEnvelope<T extends WebhookEventName = WebhookEventName> = z.infer<ReturnType<typeof webhookEnvelopeSchema<T>>>;

const TIMEOUT_SECONDS = DELIVERY_TIMEOUT_MS / 1000;

/** How deliveries behave, for every event: the OpenAPI document and /docs both show these. */
export const WEBHOOK_DELIVERY_NOTES: string[] = [
  "Each event is an HTTP `POST` to your webhook URL with a JSON body, the envelope `{event, event_id, timestamp, data}`; `data` depends on `event`. " +
    "Every event of the seed's four (`order.created`, `order.status_changed`, `manual_service.chat.message`, `manual_service.chat.waiting_reply`) is sent while the webhook is enabled; " +
    "the extended events (`order.claim.*`) only while its `extended_events` is also true. There is no other per-event subscription.",
  "Verify `X-Webhook-Signature` (HMAC-SHA256 keyed with the whole secret) or the Standard Webhooks `webhook-signature` (keyed with the base64-decoded part of the secret after `whsec_`) " +
    "over the raw body bytes before parsing them; each header says exactly how. Deliveries are signed with the secret current when they are sent: after a rotation, retries of older events too.",
  `Any 2xx answered within ${TIMEOUT_SECONDS} seconds is success; answer quickly and do the work afterwards. Any other status, a redirect (never followed), ` +
    `or no complete answer within ${TIMEOUT_SECONDS} seconds is a failed attempt.`,
  "A failed attempt is retried at most 3 times: 1 minute after the first attempt fails, 5 minutes after the first retry fails and 30 minutes after the second. " +
    `${MAX_CONSECUTIVE_FAILURES} consecutive failed attempts disable the webhook (\`disabled_reason: "consecutive_failures"\`) until you enable it again. ` +
    "Every attempt is listed by `GET /api/v2/account/webhook/deliveries`; `POST .../deliveries/{id}/redeliver` sends one again.",
  "Delivery is at least once: one event can arrive more than once (a retry after an answer that was lost, a redelivery), always with the same `event_id` and the same body; deduplicate by `event_id`.",
  "There is no ordering between events: each is sent and retried on its own, so a stock order's `order.status_changed` may arrive before its `order.created`. " +
    "Order an order's events by `data.status` (`processing`, then `completed` or `failed`, then `refunded`) and by `timestamp`, not by arrival; " +
    "events of one change carry the same `timestamp` (a stock order's `order.created` and `order.status_changed` do).",
];

/** What the service makes of the receiver's answer, as the document's webhook responses. */
export const WEBHOOK_ANSWERS: Record<"2XX" | "default", string> = {
  "2XX": `Delivered, when the whole answer arrives within ${TIMEOUT_SECONDS} seconds. The first ${MAX_RESPONSE_BYTES} bytes of the body are kept in the delivery record.`,
  default: `Any other status, a redirect, or no complete answer within ${TIMEOUT_SECONDS} seconds: a failed attempt, retried at most 3 times (after 1, 5 and 30 minutes) and counted towards disabling the webhook; a test event is neither.`,
};
