import { and, eq, inArray } from "drizzle-orm";
import { decryptSecret, encryptSecret } from "@/lib/crypto/encryption";
import type { Db } from "@/lib/db/client";
import { events, orders, webhookDeliveries, webhookEndpoints, type AppEvent, type Job, type WebhookDelivery, type WebhookEndpoint } from "@/lib/db/schema";
import { newId } from "@/lib/ids/ids";
import { errorMessage, failJob } from "@/lib/jobs/queue";
import { sendWebhookRequest } from "./deliver";
import { eventBody, orderOfEventBody } from "./envelope";
import type { WebhookDeliveryOptions } from "./options";
import { outcomeRecorder, type AttemptOutcome, type SkipReason } from "./outcome-recorder";

/** What a claimed webhook.deliver job ({eventId, attempt}) is asked to do. */
interface Target {
  job: Job;
  eventId: string;
  attempt: number;
}

/** A target that sends: its pending attempt row, the webhook it goes to, and the bytes. */
interface Send {
  target: Target;
  event: AppEvent;
  endpoint: WebhookEndpoint;
  row: WebhookDelivery;
  body: string;
}

type Plan = { skip: SkipReason } | Send;

/** A target that will send, before its attempt row is sure. */
interface Draft {
  target: Target;
  event: AppEvent;
  endpoint: WebhookEndpoint;
  row?: WebhookDelivery;
  first?: WebhookDelivery;
}

const targetOf = (job: Job): Target => ({ job, eventId: String(job.payload.eventId), attempt: Number(job.payload.attempt ?? 1) });

/**
 * Delivers scheduled attempts of outbox events, one per claimed job (attempt n = 1 for the first, 2..
 * for the retries), and records them. The jobs' reads and the pending attempt rows cost a few
 * statements for the whole batch; each attempt is sent as soon as it is ready; the outcomes are
 * recorded in batches as the answers come in (outcome-recorder.ts).
 *
 * - No webhook, or a disabled one: nothing is sent. A retry also stops once any delivery of the event
 *   (a redelivery) has succeeded.
 * - The body is built once, on the first attempt, and every retry sends the same bytes; the signature
 *   always uses the secret current at send time.
 * - Attempts are unique per (event, n): a job that runs again after its outcome was recorded finds its
 *   attempt finished and sends nothing; one whose worker died mid-send (a pending attempt) sends again.
 *
 * Returns one promise per job, in order, settled with its outcome once that is recorded; never rejects.
 */
export function deliverScheduledAttempts(db: Db, jobs: Job[], options: WebhookDeliveryOptions): Promise<AttemptOutcome>[] {
  const recorder = outcomeRecorder(db, options);
  const targets = jobs.map(targetOf);
  const planned = planAttempts(db, targets);
  return targets.map(async (target, index) => {
    let plan: Plan;
    try {
      plan = (await planned)[index];
    } catch (error) {
      return failUnplanned(db, target, error, options);
    }
    if ("skip" in plan) return recorder.record({ job: target.job, skip: plan.skip });
    const { event, endpoint, row, body } = plan;
    const secret = decryptSecret(endpoint.secretEncrypted);
    const result = await sendWebhookRequest({ url: endpoint.url, secret, eventId: event.id, event: event.type, body }, options);
    return recorder.record({ job: target.job, sent: { userId: event.userId, eventId: event.id, attempt: target.attempt, deliveryId: row.id, url: endpoint.url, result, finishedAt: new Date() } });
  });
}

/** The batch's reads could not be made (the database is down): each job fails its attempt and retries later. */
async function failUnplanned(db: Db, target: Target, error: unknown, options: WebhookDeliveryOptions): Promise<AttemptOutcome> {
  const { job } = target;
  const label = `job ${job.id} (attempt ${target.attempt} of event ${target.eventId})`;
  options.log(`${label} failed before sending: ${errorMessage(error)}`);
  const held = await failJob(db, job, job.lockedBy ?? "", error).catch(() => false);
  if (!held) options.log(`${label}: the failure was not recorded; the job runs again after its lease`);
  return { type: "not-recorded", error: errorMessage(error) };
}

/** Reads what every target needs in a few statements, and records the attempts about to be sent as pending. */
async function planAttempts(db: Db, targets: Target[]): Promise<Plan[]> {
  const eventIds = [...new Set(targets.map((t) => t.eventId))];
  const [found, earlier] = await Promise.all([
    db.select({ event: events, endpoint: webhookEndpoints }).from(events).leftJoin(webhookEndpoints, eq(webhookEndpoints.userId, events.userId)).where(inArray(events.id, eventIds)),
    db.select().from(webhookDeliveries).where(inArray(webhookDeliveries.eventId, eventIds)).orderBy(webhookDeliveries.id),
  ]);
  const byEvent = new Map(found.map((row) => [row.event.id, row]));
  const deliveriesOf = (eventId: string) => earlier.filter((d) => d.eventId === eventId);

  const drafts: (Draft | { skip: SkipReason })[] = targets.map((target) => {
    const found = byEvent.get(target.eventId);
    if (!found) return { skip: "no-event" };
    const { event, endpoint } = found;
    if (!endpoint) return { skip: "no-webhook" };
    if (!endpoint.enabled) return { skip: "disabled" };
    const prior = deliveriesOf(event.id);
    if (target.attempt > 1 && prior.some((d) => d.status === "succeeded")) return { skip: "already-delivered" };
    const row = prior.find((d) => d.trigger === "event" && d.attempt === target.attempt);
    if (row && row.status !== "pending") return { skip: "attempt-finished" };
    return { target, event, endpoint, row, first: prior.find((d) => d.trigger === "event") };
  });

  // New attempt rows: a retry copies the first attempt's bytes, a first attempt builds them.
  const fresh = drafts.filter((draft): draft is Draft => "target" in draft && !draft.row);
  const orderIds = [...new Set(fresh.flatMap((draft) => (draft.first ? [] : (orderOfEventBody(draft.event) ?? []))))];
  const ordersById = new Map(orderIds.length ? (await db.select().from(orders).where(inArray(orders.id, orderIds))).map((o) => [o.id, o]) : []);
  const bodies = new Map(
    fresh.map((draft) => {
      const orderId = orderOfEventBody(draft.event);
      return [draft, draft.first ? decryptSecret(draft.first.requestBodyEncrypted) : eventBody(draft.event, orderId ? ordersById.get(orderId) : undefined)];
    }),
  );
  const inserted = fresh.length
    ? await db
        .insert(webhookDeliveries)
        .values(
          fresh.map((draft) => ({
            id: newId("dlv"),
            userId: draft.event.userId,
            eventId: draft.event.id,
            event: draft.event.type,
            url: draft.endpoint.url,
            attempt: draft.target.attempt,
            trigger: "event" as const,
            requestBodyEncrypted: encryptSecret(bodies.get(draft)!),
          })),
        )
        .onConflictDoNothing()
        .returning()
    : [];

  const plans: Plan[] = [];
  for (const draft of drafts) {
    if (!("target" in draft)) {
      plans.push(draft);
      continue;
    }
    const { target, event, endpoint } = draft;
    const mine = inserted.find((d) => d.eventId === event.id && d.attempt === target.attempt);
    // Another run recorded the same attempt between the read and the insert: its row decides.
    const row = draft.row ?? mine ?? (await attemptRow(db, event.id, target.attempt));
    if (row.status !== "pending") plans.push({ skip: "attempt-finished" });
    else plans.push({ target, event, endpoint, row, body: mine ? bodies.get(draft)! : decryptSecret(row.requestBodyEncrypted) });
  }
  return plans;
}

async function attemptRow(db: Db, eventId: string, attempt: number): Promise<WebhookDelivery> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.eventId, eventId), eq(webhookDeliveries.attempt, attempt), eq(webhookDeliveries.trigger, "event")));
  return row;
}
