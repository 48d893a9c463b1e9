import { and, eq, sql } from "drizzle-orm";
import { decryptSecret, encryptSecret } from "@/lib/crypto/encryption";
import type { Db } from "@/lib/db/client";
import { preparedQuery } from "@/lib/db/prepared";
import { executeRows } from "@/lib/db/rows";
import {
  events,
  orders,
  webhookDeliveries,
  webhookEndpoints,
  type AppEvent,
  type Job,
  type Order,
  type WebhookDelivery,
  type WebhookEndpoint,
} from "@/lib/db/schema";
import { newId } from "@/lib/ids/ids";
import { errorMessage, failJob } from "@/lib/jobs/queue";
import { withoutSlots, type BatchJobContext } from "@/lib/jobs/registry";
import { sendWebhookRequest } from "./deliver";
import { eventBody, orderOfEventBody } from "./envelope";
import { waitTurn } from "./in-turn";
import type { WebhookDeliveryOptions } from "./options";
import { outcomeRecorder, type AttemptOutcome, type SkipReason } from "./outcome-recorder";

/** What a claimed webhook.deliver job ({eventId, attempt}) is asked to do, in which run of the job. */
interface Target {
  job: Job;
  eventId: string;
  attempt: number;
  /** The job's claim count: a run after a lost lease is a run of its own, with a row of its own. */
  run: number;
  /** Set on recovered deliveries (recover.ts): sent one after another, in job order, per reseller. */
  inOrderOf: string | null;
}

/** A target that sends: its pending attempt row, the webhook it goes to, and the bytes. */
interface Send {
  target: Target;
  event: AppEvent;
  endpoint: WebhookEndpoint;
  deliveryId: string;
  body: string;
}

type Plan = { skip: SkipReason } | Send;

/** A target that will send, before its attempt row is sure. */
interface Draft {
  target: Target;
  event: AppEvent;
  endpoint: WebhookEndpoint;
  /** The order the body is built from, for a first attempt (orderOfEventBody). */
  order: Order | null;
  /** This run's row, when a plan before this one recorded it. */
  row?: WebhookDelivery;
  /** The event's first attempt, whose bytes every retry sends again. */
  first?: WebhookDelivery;
}

// A batch's reads, prepared once (see preparedQuery), each with the batch's event ids as one parameter.
const eventIdsParameter = sql`${sql.placeholder("eventIds")}::uuid[]`;
const deliveryTargets = preparedQuery((db) =>
  db
    .select({ event: events, endpoint: webhookEndpoints, order: orders })
    .from(events)
    .leftJoin(webhookEndpoints, eq(webhookEndpoints.userId, events.userId))
    .leftJoin(orders, and(sql`${orders.id} = ${events.data}->>'order_id'`, sql`${events.data}->>'status' in ('completed', 'refunded')`))
    .where(sql`${events.id} = any(${eventIdsParameter})`)
    .prepare("webhook_delivery_targets"),
);
const deliveriesOfEvents = preparedQuery((db) =>
  db
    .select()
    .from(webhookDeliveries)
    .where(sql`${webhookDeliveries.eventId} = any(${eventIdsParameter})`)
    .orderBy(webhookDeliveries.id)
    .prepare("deliveries_of_events"),
);

const targetOf = (job: Job): Target => ({
  job,
  eventId: String(job.payload.eventId),
  attempt: Number(job.payload.attempt ?? 1),
  run: Math.max(job.attempts, 1),
  inOrderOf: typeof job.payload.inOrderOf === "string" ? job.payload.inOrderOf : null,
});

/**
 * Delivers scheduled attempts of outbox events, one per claimed job (attempt n = 1 for the first, 2..
 * for the retries), and records them. The jobs' reads and the pending attempt rows cost a few
 * statements for the whole batch; each attempt is sent as soon as it is ready and a delivery slot is
 * free (`inSlot`, the worker's: the requests in flight are bounded, the reads ahead of them are not
 * held up); the outcomes are recorded in batches as the answers come in (outcome-recorder.ts).
 *
 * - No webhook, or a disabled one: nothing is sent. A retry also stops once any delivery of the event
 *   (a redelivery) has succeeded. An attempt still waiting for a slot when this process records the
 *   failure that disables the webhook is not sent either, and its pending row is removed; only those
 *   already in flight, or planned by another worker, still go out.
 * - Recovered deliveries (recover.ts) of one reseller are sent one at a time, in job order: each goes
 *   out once the one before it was answered (or was not sent at all).
 * - The body is built once, on the first attempt, and every retry sends the same bytes; the signature
 *   always uses the secret current at send time.
 * - Attempts are unique per (event, n, run of the job): a job that runs again after its outcome was
 *   recorded finds its attempt finished and sends nothing. One that runs again after its lease ran out
 *   (its worker died or was slow mid-send) sends again as a new run, with a row of its own: the earlier
 *   run's row keeps that run's outcome, recorded if it ever comes in. Once any delivery of the event
 *   succeeded, a later run or retry sends nothing.
 *
 * Returns one promise per job, in order, settled with its outcome once that is recorded; never rejects.
 */
export function deliverScheduledAttempts(
  db: Db,
  jobs: Job[],
  options: WebhookDeliveryOptions,
  inSlot: BatchJobContext["inSlot"] = withoutSlots,
): Promise<AttemptOutcome>[] {
  const recorder = outcomeRecorder(db, options);
  const targets = jobs.map(targetOf);
  const plannedAt = Date.now();
  const planned = planAttempts(db, targets);
  const secrets = new Map<string, string>();
  const secretOf = (endpoint: WebhookEndpoint) => {
    let secret = secrets.get(endpoint.secretEncrypted);
    if (secret === undefined) secrets.set(endpoint.secretEncrypted, (secret = decryptSecret(endpoint.secretEncrypted)));
    return secret;
  };
  // Turns are asked for now, in job order (the order recover.ts queued the events in), before any wait.
  const turns = new Map(
    targets
      .filter((target) => target.inOrderOf !== null)
      .sort((a, b) => a.job.id - b.job.id)
      .map((target) => [target, waitTurn(target.inOrderOf!)]),
  );
  const deliver = async (target: Target, index: number, turn: Promise<() => void> | undefined): Promise<AttemptOutcome> => {
    let plan: Plan;
    try {
      plan = (await planned)[index];
    } catch (error) {
      return failUnplanned(db, target, error, options);
    }
    if ("skip" in plan) return recorder.record({ job: target.job, skip: plan.skip });
    const { event, endpoint, deliveryId, body } = plan;
    const secret = secretOf(endpoint);
    await turn;
    const result = await inSlot(async () =>
      // The attempts ahead of this one may have disabled the webhook since the batch read it enabled.
      recorder.disabledSince(event.userId, plannedAt)
        ? null
        : sendWebhookRequest({ url: endpoint.url, secret, eventId: event.id, event: event.type, body }, options),
    );
    (await turn)?.();
    if (!result) return recorder.record({ job: target.job, skip: "disabled", unsent: deliveryId });
    return recorder.record({
      job: target.job,
      sent: { userId: event.userId, eventId: event.id, attempt: target.attempt, deliveryId, url: endpoint.url, result, finishedAt: new Date() },
    });
  };
  return targets.map(async (target, index) => {
    const turn = turns.get(target);
    try {
      return await deliver(target, index, turn);
    } finally {
      // Whatever became of this one (skipped, unplanned), the next in line goes.
      void turn?.then((release) => release());
    }
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

/**
 * Reads what every target needs and records the attempts about to be sent as pending: one read of the
 * events with their webhooks (and orders), one of earlier attempts when the batch has retries, one
 * insert. A first attempt that a run before this one recorded shows up as a conflict on that insert.
 */
async function planAttempts(db: Db, targets: Target[]): Promise<Plan[]> {
  const eventIds = [...new Set(targets.map((t) => t.eventId))];
  // First runs of first attempts, nearly all of a batch, have no earlier rows to read.
  const retried = [...new Set(targets.filter((t) => t.attempt > 1 || t.run > 1).map((t) => t.eventId))];
  const [found, earlier] = await Promise.all([
    deliveryTargets(db).execute({ eventIds }),
    retried.length > 0 ? deliveriesOfEvents(db).execute({ eventIds: retried }) : [],
  ]);
  const byEvent = new Map(found.map((row) => [row.event.id, row]));

  const drafts: (Draft | { skip: SkipReason })[] = targets.map((target) => {
    const found = byEvent.get(target.eventId);
    if (!found) return { skip: "no-event" };
    const { event, endpoint, order } = found;
    if (!endpoint) return { skip: "no-webhook" };
    if (!endpoint.enabled) return { skip: "disabled" };
    const prior = earlier.filter((d) => d.eventId === event.id);
    if (prior.some((d) => d.status === "succeeded")) return { skip: "already-delivered" };
    const row = prior.find((d) => d.trigger === "event" && d.attempt === target.attempt && d.run === target.run);
    if (row && row.status !== "pending") return { skip: "attempt-finished" };
    return { target, event, endpoint, order: orderOfEventBody(event) ? order : null, row, first: prior.find((d) => d.trigger === "event") };
  });

  // New attempt rows: a retry copies the first attempt's bytes, a first attempt builds them.
  const fresh = drafts.filter((draft): draft is Draft => "target" in draft && !draft.row);
  const bodies = new Map(
    fresh.map((draft) => [draft, draft.first ? decryptSecret(draft.first.requestBodyEncrypted) : eventBody(draft.event, draft.order ?? undefined)]),
  );
  const inserted =
    fresh.length > 0
      ? await insertPendingAttempts(
          db,
          fresh.map((draft) => ({ draft, body: bodies.get(draft)! })),
        )
      : [];

  const plans: Plan[] = [];
  for (const draft of drafts) {
    if (!("target" in draft)) {
      plans.push(draft);
      continue;
    }
    const { target, event, endpoint } = draft;
    const mine = inserted.find((d) => d.event_id === event.id && d.attempt === target.attempt && d.run === target.run);
    if (mine) {
      plans.push({ target, event, endpoint, deliveryId: mine.id, body: bodies.get(draft)! });
      continue;
    }
    // Recorded by a run before this one (or by another run just now): that row decides, and its bytes are sent.
    const row = draft.row ?? (await attemptRow(db, target));
    if (row.status !== "pending") plans.push({ skip: "attempt-finished" });
    else plans.push({ target, event, endpoint, deliveryId: row.id, body: decryptSecret(row.requestBodyEncrypted) });
  }
  return plans;
}

/** The batch's new attempt rows, pending, in one statement; an attempt already recorded is left as it is. */
async function insertPendingAttempts(
  db: Db,
  attempts: { draft: Draft; body: string }[],
): Promise<{ id: string; event_id: string; attempt: number; run: number }[]> {
  const rows = attempts.map(({ draft, body }) => ({
    id: newId("dlv"),
    user_id: draft.event.userId,
    event_id: draft.event.id,
    event: draft.event.type,
    url: draft.endpoint.url,
    attempt: draft.target.attempt,
    run: draft.target.run,
    request_body_encrypted: encryptSecret(body),
  }));
  return executeRows(
    db,
    sql`insert into webhook_deliveries (id, user_id, event_id, event, url, attempt, run, trigger, request_body_encrypted)
      select a.id, a.user_id, a.event_id, a.event, a.url, a.attempt, a.run, 'event', a.request_body_encrypted
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as a(id text, user_id text, event_id uuid, event text, url text, attempt integer, run integer, request_body_encrypted text)
      on conflict do nothing
      returning id, event_id, attempt, run`,
  );
}

async function attemptRow(db: Db, target: Target): Promise<WebhookDelivery> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.eventId, target.eventId),
        eq(webhookDeliveries.attempt, target.attempt),
        eq(webhookDeliveries.run, target.run),
        eq(webhookDeliveries.trigger, "event"),
      ),
    );
  return row;
}
