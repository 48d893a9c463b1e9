import { sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { executeRows } from "@/lib/db/rows";
import type { WebhookEndpoint } from "@/lib/db/schema";
import { AppError, validationError } from "@/lib/errors/app-error";
import { WEBHOOK_DELIVER_JOB } from "./constants";
import { findWebhookEndpoint, noWebhook } from "./settings";

/** How far back a recovery reaches: the deliveries of older events are not looked at again. */
export const RECOVERY_WINDOW_DAYS = 14;
const RECOVERY_WINDOW_MS = RECOVERY_WINDOW_DAYS * 24 * 60 * 60_000;

export const webhookDisabled = () =>
  new AppError(
    "webhook_disabled",
    "The webhook is disabled: enable it first (PUT /api/v2/account/webhook with enabled true, or the Webhooks page), then recover.",
  );

/** A `since` from the future, or from before the recovery window, names no events to send. */
function checkSince(since: Date, now: Date): void {
  if (since.getTime() > now.getTime()) throw validationError([{ path: "since", message: "Must not be in the future." }]);
  if (since.getTime() < now.getTime() - RECOVERY_WINDOW_MS) {
    throw validationError([{ path: "since", message: `Must be within the last ${RECOVERY_WINDOW_DAYS} days: older deliveries cannot be recovered.` }]);
  }
}

async function enabledEndpoint(db: DbOrTx, userId: string): Promise<WebhookEndpoint> {
  const endpoint = await findWebhookEndpoint(db, userId);
  if (!endpoint) throw noWebhook();
  if (!endpoint.enabled) throw webhookDisabled();
  return endpoint;
}

/**
 * The reseller's events since `since` that never reached the receiver and have nothing left on its
 * way: no delivery succeeded (nor is one still waiting for an answer), and no delivery job is open
 * (the retries ran out, or stopped when the webhook was disabled, or the event came while it was off
 * and was never sent). Events from before the webhook existed were never meant for it. Each with the
 * number of the attempt that sends it again (the next after the event's own).
 */
function recoverableEvents(endpoint: WebhookEndpoint, since: Date): SQL {
  const from = new Date(Math.max(since.getTime(), endpoint.createdAt.getTime())).toISOString();
  return sql`select e.id, e.created_at,
      coalesce((select max(d.attempt) from webhook_deliveries d where d.event_id = e.id and d.trigger = 'event'), 0) + 1 as attempt
    from events e
    where e.user_id = ${endpoint.userId} and e.created_at >= ${from}::timestamptz
      and not exists (select 1 from webhook_deliveries d where d.event_id = e.id and d.status in ('succeeded', 'pending'))
      and e.id not in (select (j.payload->>'eventId')::uuid from jobs j
        where j.kind = ${WEBHOOK_DELIVER_JOB} and j.status in ('pending', 'running') and j.payload->>'eventId' is not null)`;
}

/** How many events a recovery from `since` would send now (the panel's confirmation). */
export async function countRecoverableEvents(db: DbOrTx, userId: string, since: Date, now = new Date()): Promise<number> {
  checkSince(since, now);
  const endpoint = await enabledEndpoint(db, userId);
  const [row] = await executeRows<{ n: string | number }>(db, sql`select count(*) as n from (${recoverableEvents(endpoint, since)}) r`);
  return Number(row.n);
}

/**
 * Sends again, as Svix's "recover" does, every event of the reseller since `since` that never reached
 * the receiver: one new scheduled attempt each, queued in event order (oldest first; the workers claim
 * them in that order, and a worker sends a reseller's recovered ones one after another: `inOrderOf`),
 * delivered at least once like any attempt. Needs the webhook enabled. Answers how
 * many were queued; an event already queued by a recovery at the same moment is queued once.
 */
export async function recoverEvents(db: DbOrTx, userId: string, since: Date, now = new Date()): Promise<number> {
  checkSince(since, now);
  const endpoint = await enabledEndpoint(db, userId);
  const queued = await executeRows<{ id: string | number }>(
    db,
    sql`insert into jobs (kind, payload, dedupe_key)
      select ${WEBHOOK_DELIVER_JOB}, jsonb_build_object('eventId', r.id, 'attempt', r.attempt, 'inOrderOf', ${userId}::text),
        ${WEBHOOK_DELIVER_JOB} || ':' || r.id || ':' || r.attempt
      from (${recoverableEvents(endpoint, since)}) r
      order by r.created_at, r.id
      on conflict (dedupe_key) where status in ('pending', 'running') do nothing
      returning id`,
  );
  return queued.length;
}
