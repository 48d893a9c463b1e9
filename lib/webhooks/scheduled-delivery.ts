import { and, eq, sql } from "drizzle-orm";
import { decryptSecret, encryptSecret } from "@/lib/crypto/encryption";
import type { Db } from "@/lib/db/client";
import { preparedQuery } from "@/lib/db/prepared";
import { events, orders, webhookDeliveries, webhookEndpoints, type AppEvent, type Job, type WebhookDelivery, type WebhookEndpoint } from "@/lib/db/schema";
import { newId } from "@/lib/ids/ids";
import { errorMessage, failJob } from "@/lib/jobs/queue";
import { withoutSlots, type BatchJobContext } from "@/lib/jobs/registry";
import { sendWebhookRequest } from "./deliver";
import { eventBody, orderOfEventBody } from "./envelope";
import { waitTurn } from "./in-turn";
import type { WebhookDeliveryOptions } from "./options";
import { insertPendingAttempts, outcomeRecorder, type AttemptOutcome, type AttemptRow, type SkipReason } from "./outcome-recorder";

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

/** A target that sends: the row that records its attempt, the webhook it goes to, and the bytes. */
interface Send {
  target: Target;
  event: AppEvent;
  endpoint: WebhookEndpoint;
  /** The attempt's row, written once: with the outcome, or as pending first when the answer is slow. */
  row: AttemptRow;
  /** A run before this one recorded the row, pending: it is not written again, only finished. */
  stored: boolean;
  body: string;
}

type Plan = { skip: SkipReason } | Send;

// The batch's read, prepared once (see preparedQuery), with the batch's event ids as one parameter:
// each event with its webhook, the order a body is built from, and the event's earlier attempts.
const eventIdsParameter = sql`${sql.placeholder("eventIds")}::uuid[]`;
const deliveryTargets = preparedQuery((db) =>
  db
    .select({
      event: events,
      endpoint: webhookEndpoints,
      order: orders,
      prior: sql<PriorAttempt[]>`(select coalesce(json_agg(json_build_object('id', d.id, 'status', d.status, 'trigger', d.trigger, 'attempt', d.attempt,
        'run', d.run, 'body', d.request_body_encrypted) order by d.id), '[]') from ${webhookDeliveries} d where d.event_id = ${events.id})`,
    })
    .from(events)
    .leftJoin(webhookEndpoints, eq(webhookEndpoints.userId, events.userId))
    .leftJoin(orders, and(sql`${orders.id} = ${events.data}->>'order_id'`, sql`${events.data}->>'status' in ('completed', 'refunded')`))
    .where(sql`${events.id} = any(${eventIdsParameter})`)
    .prepare("webhook_delivery_targets"),
);

/** An attempt already recorded for the event, as the batch's read returns it. */
interface PriorAttempt {
  id: string;
  status: WebhookDelivery["status"];
  trigger: WebhookDelivery["trigger"];
  attempt: number;
  run: number;
  body: string;
}

const targetOf = (job: Job): Target => ({
  job,
  eventId: String(job.payload.eventId),
  attempt: Number(job.payload.attempt ?? 1),
  run: Math.max(job.attempts, 1),
  inOrderOf: typeof job.payload.inOrderOf === "string" ? job.payload.inOrderOf : null,
});

/**
 * Delivers scheduled attempts of outbox events, one per claimed job (attempt n = 1 for the first, 2..
 * for the retries), and records them. The jobs' reads cost one statement for the whole batch; each
 * attempt is sent as soon as it is ready and a delivery slot is free (`inSlot`, the worker's: the
 * requests in flight are bounded, the reads ahead of them are not held up); the outcomes are recorded
 * in batches as the answers come in (outcome-recorder.ts).
 *
 * - An attempt's row is written once, with its outcome, when the answer comes within
 *   `pendingAfterMs` of the batch being ready (nearly always): a second write per delivery only to
 *   say "pending" cost as much as the outcome's. The attempts of the batch still unanswered then (a
 *   slow receiver, or waiting for a slot) are recorded as pending, together in one statement, and
 *   their outcomes finish those rows. A process that dies before an attempt is recorded leaves its
 *   job running: the job's lease runs out and another worker sends the attempt again, as a run of its
 *   own, as after any death mid-send (at least once). Only the history of the run cut off is missing;
 *   that of a run cut off after `pendingAfterMs` stays pending until the sweep closes it.
 * - No webhook, or a disabled one: nothing is sent. A retry also stops once any delivery of the event
 *   (a redelivery) has succeeded. An attempt still waiting for a slot when this process records the
 *   failure that disables the webhook is not sent either (a pending row it got is removed); only those
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
  const planned = planAttempts(db, targets, new Date(plannedAt));
  const pending = pendingRows(db, options);
  void planned.then(
    (plans) => pending.watch(plans.filter((plan): plan is Send => "row" in plan && !plan.stored)),
    () => {},
  );
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
    const { event, endpoint, row, body } = plan;
    const secret = secretOf(endpoint);
    await turn;
    const result = await inSlot(async () =>
      // The attempts ahead of this one may have disabled the webhook since the batch read it enabled.
      recorder.disabledSince(event.userId, plannedAt)
        ? null
        : sendWebhookRequest({ url: endpoint.url, secret, eventId: event.id, event: event.type, body }, options),
    );
    (await turn)?.();
    // A pending row being written for this attempt is written before its outcome (or its removal).
    await pending.answered(plan);
    if (!result) return recorder.record({ job: target.job, skip: "disabled", unsent: row.id });
    return recorder.record({
      job: target.job,
      sent: { userId: event.userId, eventId: event.id, attempt: target.attempt, deliveryId: row.id, url: endpoint.url, result, finishedAt: new Date(), row },
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

/**
 * The pending rows of a batch: the attempts not answered within `pendingAfterMs` of the batch being
 * ready are recorded as pending then, in one statement. A row that cannot be written (a database blip)
 * is only not shown as pending: the outcome writes the whole row anyway.
 */
function pendingRows(db: Db, options: WebhookDeliveryOptions) {
  const unanswered = new Set<Send>();
  const written = new Map<Send, Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  return {
    watch(sends: Send[]) {
      if (sends.length === 0) return;
      for (const send of sends) unanswered.add(send);
      timer = setTimeout(() => {
        const late = [...unanswered];
        unanswered.clear();
        const write = insertPendingAttempts(
          db,
          late.map((send) => send.row),
        ).catch((error: unknown) => options.log(`${late.length} webhook deliveries could not be shown as pending: ${errorMessage(error)}`));
        for (const send of late) written.set(send, write);
      }, options.pendingAfterMs);
    },
    /** Settles once this attempt's pending row, if one is being written, is written. */
    answered(send: Send): Promise<void> | undefined {
      if (unanswered.delete(send) && unanswered.size === 0) clearTimeout(timer);
      return written.get(send);
    },
  };
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
 * Reads what every target needs, in one statement: the events with their webhooks, orders and earlier
 * attempts. A retry sends the first attempt's bytes again; a first attempt builds them. An attempt
 * already recorded for this run is sent only while pending (a run before this one recorded it and
 * never finished it), under that row.
 */
async function planAttempts(db: Db, targets: Target[], plannedAt: Date): Promise<Plan[]> {
  const eventIds = [...new Set(targets.map((t) => t.eventId))];
  const found = await deliveryTargets(db).execute({ eventIds });
  const byEvent = new Map(found.map((row) => [row.event.id, row]));
  return targets.map((target): Plan => {
    const found = byEvent.get(target.eventId);
    if (!found) return { skip: "no-event" };
    const { event, endpoint, order } = found;
    if (!endpoint) return { skip: "no-webhook" };
    if (!endpoint.enabled) return { skip: "disabled" };
    const prior = priorAttempts(found.prior);
    const own = prior.find((d) => d.trigger === "event" && d.attempt === target.attempt && d.run === target.run);
    if (own && own.status !== "pending") return { skip: "attempt-finished" };
    if (prior.some((d) => d.status === "succeeded")) return { skip: "already-delivered" };
    // A retry, or a run that finishes a pending row, sends the bytes stored; a first attempt builds them.
    const stored = own ?? prior.find((d) => d.trigger === "event");
    const body = stored ? decryptSecret(stored.body) : eventBody(event, (orderOfEventBody(event) ? order : null) ?? undefined);
    const row: AttemptRow = {
      id: own?.id ?? newId("dlv"),
      user_id: event.userId,
      event_id: event.id,
      event: event.type,
      url: endpoint.url,
      attempt: target.attempt,
      run: target.run,
      request_body_encrypted: stored?.body ?? encryptSecret(body),
      created_at: plannedAt.toISOString(),
    };
    return { target, event, endpoint, row, stored: own !== undefined, body };
  });
}

/** postgres.js hands json back parsed, PGlite may hand it back as text. */
const priorAttempts = (prior: PriorAttempt[] | string): PriorAttempt[] => (typeof prior === "string" ? (JSON.parse(prior) as PriorAttempt[]) : prior);
