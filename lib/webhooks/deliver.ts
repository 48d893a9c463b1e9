import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { decryptSecret, encryptSecret } from "@/lib/crypto/encryption";
import type { Db } from "@/lib/db/client";
import { webhookDeliveries, type WebhookDelivery, type WebhookDeliveryTrigger, type WebhookEndpoint } from "@/lib/db/schema";
import { newId } from "@/lib/ids/ids";
import { guardedPost, type GuardedPostResult } from "@/lib/net/guarded-request";
import { metrics } from "@/lib/observability/metrics";
import { inSpan, outboundTraceHeaders, SpanKind } from "@/lib/observability/tracing";
import { MAX_RESPONSE_BYTES, TEST_EVENT } from "./constants";
import { getDelivery } from "./deliveries";
import { testEventBody } from "./envelope";
import type { WebhookSendOptions } from "./options";
import { countDeliveryFailure, countDeliverySuccess, findWebhookEndpoint, noWebhook } from "./settings";
import { deliveryHeaders } from "./signature";

const MAX_ERROR_LENGTH = 1000;

/** Said of a failure that found the webhook already off: the count had stopped at the threshold. */
export const NOT_COUNTED = "Not counted: the webhook had already been disabled when this answer came in.";

/** Signs a body with the secret and POSTs it through the SSRF guard; never throws. */
export function sendWebhookRequest(
  input: { url: string; secret: string; eventId: string; event: string; body: string },
  options: WebhookSendOptions,
): Promise<GuardedPostResult> {
  return inSpan(
    "webhook delivery",
    { "webhook.event": input.event },
    async () => {
      const result = await guardedPost(input.url, {
        headers: Object.assign(deliveryHeaders(input), outboundTraceHeaders()),
        body: input.body,
        timeoutMs: options.timeoutMs,
        maxResponseBytes: MAX_RESPONSE_BYTES,
        allowPrivate: options.allowPrivate,
        resolver: options.resolver,
      });
      const { webhookDeliveries, webhookDuration } = metrics();
      webhookDeliveries.inc({ outcome: result.ok ? "succeeded" : result.status === null ? "unreachable" : "refused" });
      webhookDuration.observe(result.durationMs / 1000);
      return result;
    },
    { kind: SpanKind.CLIENT },
  );
}

/** Postgres text cannot hold NUL, which a receiver may well answer with. */
const storable = (text: string | null) => text?.replaceAll("\0", "\uFFFD") ?? null;

/** A delivery row's outcome columns, from the receiver's answer; a note follows the error, if any. */
export function outcomeColumns(result: GuardedPostResult, finishedAt: Date, note: string | null = null) {
  const error = [result.error?.slice(0, MAX_ERROR_LENGTH), note].filter(Boolean).join(" ") || null;
  return {
    status: result.ok ? ("succeeded" as const) : ("failed" as const),
    responseStatus: result.status,
    responseBody: storable(result.responseBody),
    durationMs: result.durationMs,
    error: storable(error),
    finishedAt,
  };
}

/**
 * An attempt made now, on request (test or redelivery): recorded as pending, sent, then completed.
 * A redelivery counts towards the failure count like any delivery; a test does not.
 */
async function deliverNow(
  db: Db,
  endpoint: WebhookEndpoint,
  input: { eventId: string; event: string; body: string; attempt: number; trigger: WebhookDeliveryTrigger },
  options: WebhookSendOptions,
): Promise<WebhookDelivery> {
  const [row] = await db
    .insert(webhookDeliveries)
    .values({
      id: newId("dlv"),
      userId: endpoint.userId,
      eventId: input.eventId,
      event: input.event,
      url: endpoint.url,
      attempt: input.attempt,
      trigger: input.trigger,
      requestBodyEncrypted: encryptSecret(input.body),
    })
    .returning();
  const secret = decryptSecret(endpoint.secretEncrypted);
  const result = await sendWebhookRequest({ url: endpoint.url, secret, eventId: input.eventId, event: input.event, body: input.body }, options);
  return db.transaction(async (tx) => {
    let note: string | null = null;
    if (input.trigger !== "test") {
      if (result.ok) await countDeliverySuccess(tx, endpoint.userId);
      else if (!(await countDeliveryFailure(tx, endpoint.userId)).counted) note = NOT_COUNTED;
    }
    const [updated] = await tx
      .update(webhookDeliveries)
      .set(outcomeColumns(result, new Date(), note))
      .where(eq(webhookDeliveries.id, row.id))
      .returning();
    return updated;
  });
}

/** POST .../test: one immediate delivery of a webhook.test event, through the same guard and signing. */
export async function sendTestDelivery(db: Db, userId: string, options: WebhookSendOptions): Promise<WebhookDelivery> {
  const endpoint = await findWebhookEndpoint(db, userId);
  if (!endpoint) throw noWebhook();
  const eventId = randomUUID();
  return deliverNow(db, endpoint, { eventId, event: TEST_EVENT, body: testEventBody(eventId, new Date()), attempt: 1, trigger: "test" }, options);
}

/** POST .../deliveries/{id}/redeliver: that delivery's exact body again, now, signed with the current secret. */
export async function redeliver(db: Db, userId: string, deliveryId: string, options: WebhookSendOptions): Promise<WebhookDelivery> {
  const original = await getDelivery(db, userId, deliveryId);
  const endpoint = await findWebhookEndpoint(db, userId);
  if (!endpoint) throw noWebhook();
  const [{ last }] = await db
    .select({ last: sql<number>`coalesce(max(${webhookDeliveries.attempt}), 0)`.mapWith(Number) })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.eventId, original.eventId));
  return deliverNow(
    db,
    endpoint,
    {
      eventId: original.eventId,
      event: original.event,
      body: decryptSecret(original.requestBodyEncrypted),
      attempt: last + 1,
      trigger: original.trigger === "test" ? "test" : "redelivery",
    },
    options,
  );
}
