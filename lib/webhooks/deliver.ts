import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { decryptSecret, encryptSecret } from "@/lib/crypto/encryption";
import type { Db } from "@/lib/db/client";
import { preparedQuery, setPlaceholder } from "@/lib/db/prepared";
import { events, jobs, webhookDeliveries, type WebhookDelivery, type WebhookDeliveryTrigger, type WebhookEndpoint } from "@/lib/db/schema";
import { newId } from "@/lib/ids/ids";
import { enqueueJob, heldClaim } from "@/lib/jobs/queue";
import { guardedPost, type GuardedPostResult } from "@/lib/net/guarded-request";
import { MAX_RESPONSE_BYTES, TEST_EVENT, WEBHOOK_DELIVER_JOB } from "./constants";
import { getDelivery } from "./deliveries";
import { deliverJobKey } from "./enqueue";
import { buildEventBody, testEventBody } from "./envelope";
import type { WebhookDeliveryOptions, WebhookSendOptions } from "./options";
import { countDeliveryFailure, countDeliverySuccess, findWebhookEndpoint, noWebhook } from "./settings";
import { deliveryHeaders } from "./signature";

const MAX_ERROR_LENGTH = 1000;

// The statements every scheduled delivery runs, prepared once (see preparedQuery).
const eventById = preparedQuery((db) => db.select().from(events).where(eq(events.id, sql.placeholder("eventId"))).prepare("event_by_id"));

const deliveriesOfEvent = preparedQuery((db) =>
  db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, sql.placeholder("eventId"))).orderBy(webhookDeliveries.id).prepare("deliveries_of_event"),
);

const insertAttempt = preparedQuery((db) =>
  db
    .insert(webhookDeliveries)
    .values({
      id: sql.placeholder("id"),
      userId: sql.placeholder("userId"),
      eventId: sql.placeholder("eventId"),
      event: sql.placeholder("event"),
      url: sql.placeholder("url"),
      attempt: sql.placeholder("attempt"),
      trigger: "event",
      requestBodyEncrypted: sql.placeholder("requestBodyEncrypted"),
    })
    .onConflictDoNothing()
    .returning()
    .prepare("insert_delivery_attempt"),
);

/** The job row of a run's claim, locked, if the claim still holds. */
const heldLease = preparedQuery((db) =>
  db
    .select({ id: jobs.id })
    .from(jobs)
    .where(heldClaim())
    .for("update")
    .prepare("held_delivery_lease"),
);

const recordOutcome = preparedQuery((db) =>
  db
    .update(webhookDeliveries)
    .set({
      status: setPlaceholder("status", webhookDeliveries.status),
      responseStatus: setPlaceholder("responseStatus", webhookDeliveries.responseStatus),
      responseBody: setPlaceholder("responseBody", webhookDeliveries.responseBody),
      durationMs: setPlaceholder("durationMs", webhookDeliveries.durationMs),
      error: setPlaceholder("error", webhookDeliveries.error),
      finishedAt: setPlaceholder("finishedAt", webhookDeliveries.finishedAt),
      url: setPlaceholder("url", webhookDeliveries.url),
      nextRetryAt: setPlaceholder("nextRetryAt", webhookDeliveries.nextRetryAt),
    })
    .where(eq(webhookDeliveries.id, sql.placeholder("deliveryId")))
    .returning()
    .prepare("record_delivery_outcome"),
);

/** Signs a body with the secret and POSTs it through the SSRF guard; never throws. */
export function sendWebhookRequest(
  input: { url: string; secret: string; eventId: string; event: string; body: string },
  options: WebhookSendOptions,
): Promise<GuardedPostResult> {
  return guardedPost(input.url, {
    headers: deliveryHeaders(input),
    body: input.body,
    timeoutMs: options.timeoutMs,
    maxResponseBytes: MAX_RESPONSE_BYTES,
    allowPrivate: options.allowPrivate,
    resolver: options.resolver,
  });
}

function outcomeColumns(result: GuardedPostResult, finishedAt: Date) {
  return {
    status: result.ok ? ("succeeded" as const) : ("failed" as const),
    responseStatus: result.status,
    responseBody: result.responseBody,
    durationMs: result.durationMs,
    error: result.error?.slice(0, MAX_ERROR_LENGTH) ?? null,
    finishedAt,
  };
}

/** The job claim a scheduled attempt runs under: its outcome is recorded only while the claim holds. */
export interface LeaseHold {
  jobId: number;
  lockedBy: string;
  attempts: number;
}

export class LeaseLostError extends Error {}

export type AttemptOutcome =
  | { type: "skipped"; reason: "no-event" | "no-webhook" | "disabled" | "already-delivered" | "attempt-finished" }
  | { type: "sent"; delivery: WebhookDelivery; disabledNow: boolean };

/**
 * Delivers attempt n of an outbox event (n = 1 for the first, 2.. for the retries) and records it.
 *
 * - No webhook, or a disabled one: nothing is sent. A retry also stops once any delivery of the event
 *   (a redelivery) has succeeded.
 * - The body is built once, on the first attempt, and every retry sends the same bytes; the signature
 *   always uses the secret current at send time.
 * - Attempts are unique per (event, n): a job that runs again after its outcome was recorded finds its
 *   attempt finished and sends nothing; one whose worker died mid-send (a pending attempt) sends again.
 * - The outcome, the failure count and the next attempt's job commit in one transaction, and only while
 *   this run's job claim still holds (lease), so a run that lost its job to another worker records nothing.
 */
export async function deliverScheduledAttempt(
  db: Db,
  target: { eventId: string; attempt: number },
  options: WebhookDeliveryOptions,
  lease?: LeaseHold,
): Promise<AttemptOutcome> {
  const [event] = await eventById(db).execute({ eventId: target.eventId });
  if (!event) return { type: "skipped", reason: "no-event" };
  const endpoint = await findWebhookEndpoint(db, event.userId);
  if (!endpoint) return { type: "skipped", reason: "no-webhook" };
  if (!endpoint.enabled) return { type: "skipped", reason: "disabled" };

  const earlier = await deliveriesOfEvent(db).execute({ eventId: event.id });
  if (target.attempt > 1 && earlier.some((d) => d.status === "succeeded")) return { type: "skipped", reason: "already-delivered" };

  let row = earlier.find((d) => d.trigger === "event" && d.attempt === target.attempt);
  if (!row) {
    const first = earlier.find((d) => d.trigger === "event");
    const body = first ? decryptSecret(first.requestBodyEncrypted) : await buildEventBody(db, event);
    const [inserted] = await insertAttempt(db).execute({
      id: newId("dlv"),
      userId: event.userId,
      eventId: event.id,
      event: event.type,
      url: endpoint.url,
      attempt: target.attempt,
      requestBodyEncrypted: encryptSecret(body),
    });
    row =
      inserted ??
      (
        await db
          .select()
          .from(webhookDeliveries)
          .where(and(eq(webhookDeliveries.eventId, event.id), eq(webhookDeliveries.attempt, target.attempt), eq(webhookDeliveries.trigger, "event")))
      )[0];
  }
  if (row.status !== "pending") return { type: "skipped", reason: "attempt-finished" };

  const body = decryptSecret(row.requestBodyEncrypted);
  const secret = decryptSecret(endpoint.secretEncrypted);
  const result = await sendWebhookRequest({ url: endpoint.url, secret, eventId: event.id, event: event.type, body }, options);
  const finishedAt = new Date();

  const deliveryId = row.id;
  return db.transaction(async (tx) => {
    if (lease) {
      const held = await heldLease(tx).execute({ ...lease });
      if (held.length === 0) throw new LeaseLostError(`attempt ${target.attempt} of event ${event.id}: the job's lease was lost; this outcome is not recorded`);
    }
    let nextRetryAt: Date | null = null;
    let disabledNow = false;
    if (result.ok) {
      await countDeliverySuccess(tx, event.userId);
    } else {
      const counted = await countDeliveryFailure(tx, event.userId);
      disabledNow = counted?.disabledNow ?? false;
      const delay = options.retryDelays[target.attempt - 1];
      if (counted?.enabled && delay !== undefined) {
        nextRetryAt = new Date(finishedAt.getTime() + delay);
        const next = target.attempt + 1;
        await enqueueJob(tx, { kind: WEBHOOK_DELIVER_JOB, payload: { eventId: event.id, attempt: next }, runAt: nextRetryAt, dedupeKey: deliverJobKey(event.id, next) });
      }
    }
    const [updated] = await recordOutcome(tx).execute({ ...outcomeColumns(result, finishedAt), url: endpoint.url, nextRetryAt, deliveryId });
    return { type: "sent" as const, delivery: updated, disabledNow };
  });
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
    if (input.trigger !== "test") {
      if (result.ok) await countDeliverySuccess(tx, endpoint.userId);
      else await countDeliveryFailure(tx, endpoint.userId);
    }
    const [updated] = await tx.update(webhookDeliveries).set(outcomeColumns(result, new Date())).where(eq(webhookDeliveries.id, row.id)).returning();
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
