import { sql, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "@/lib/db/client";
import { executeRows } from "@/lib/db/rows";
import type { Job } from "@/lib/db/schema";
import { completeHeldJobs, completeHeldJobsStatement, enqueueJob, errorMessage } from "@/lib/jobs/queue";
import type { GuardedPostResult } from "@/lib/net/guarded-request";
import { ABANDONED_ERROR } from "./abandoned-deliveries";
import { MAX_CONSECUTIVE_FAILURES, WEBHOOK_DELIVER_JOB } from "./constants";
import { NOT_COUNTED, outcomeColumns } from "./deliver";
import { deliverJobKey } from "./enqueue";
import type { WebhookDeliveryOptions } from "./options";
import { countDeliveryFailure, countDeliverySuccesses, resetFailuresStatement } from "./settings";

export type SkipReason = "no-event" | "no-webhook" | "disabled" | "already-delivered" | "attempt-finished";

export type AttemptOutcome =
  | { type: "skipped"; reason: SkipReason }
  | { type: "sent"; deliveryId: string; succeeded: boolean; disabledNow: boolean }
  /**
   * The job was taken over by another worker (its lease ran out): this run's own row records what the
   * receiver answered, and the new holder does the rest (the count, the retry, the job).
   */
  | { type: "lease-lost" }
  /** The outcome could not be written; the job runs again once its lease runs out. */
  | { type: "not-recorded"; error: string };

/** A scheduled attempt's row as it is inserted: pending, or with its outcome (outcomeRow). */
export interface AttemptRow {
  id: string;
  user_id: string;
  event_id: string;
  event: string;
  url: string;
  attempt: number;
  run: number;
  request_body_encrypted: string;
  created_at: string;
}

/** An attempt that was sent, with the receiver's answer. */
export interface SentAttempt {
  userId: string;
  eventId: string;
  attempt: number;
  deliveryId: string;
  url: string;
  result: GuardedPostResult;
  finishedAt: Date;
  /** Its row, inserted with the outcome unless it was recorded as pending before. */
  row: AttemptRow;
}

type Entry = { job: Job } & (
  | {
      skip: SkipReason;
      /** The pending attempt row of an attempt planned but then not sent: it is removed with the job. */
      unsent?: string;
      sent?: undefined;
    }
  | { sent: SentAttempt; skip?: undefined; unsent?: undefined }
);

interface Recorder {
  /** Settles once the outcome is written (or known to be lost); never rejects. */
  record(entry: Entry): Promise<AttemptOutcome>;
  /**
   * Whether this recorder has written a failure that found the reseller's webhook disabled, after
   * `sinceMs`: attempts planned before then read it enabled, and must not be sent.
   */
  disabledSince(userId: string, sinceMs: number): boolean;
}

/**
 * How long a disable is remembered: far past how long a claimed attempt waits for a delivery slot
 * after it was planned; later plans read the webhook again and see it disabled themselves.
 */
const DISABLE_MEMORY_MS = 10 * 60_000;

/** Deadlocks between two workers' batches are retried; one transaction then goes first. */
const DEADLOCK_RETRIES = 3;
const DEADLOCK = "40P01";

const recorders = new WeakMap<Db, WeakMap<WebhookDeliveryOptions, Recorder>>();

/**
 * The recorder of scheduled attempts' outcomes on a database. Outcomes that come in while a batch is
 * being written wait and go together in the next one, so under load many outcomes share one
 * transaction; alone, an outcome is written at once.
 */
export function outcomeRecorder(db: Db, options: WebhookDeliveryOptions): Recorder {
  let ofDb = recorders.get(db);
  if (!ofDb) recorders.set(db, (ofDb = new WeakMap()));
  let recorder = ofDb.get(options);
  if (!recorder) ofDb.set(options, (recorder = createRecorder(db, options)));
  return recorder;
}

function createRecorder(db: Db, options: WebhookDeliveryOptions): Recorder {
  let waiting: { entry: Entry; settle: (outcome: AttemptOutcome) => void }[] = [];
  let writing = false;
  const disabledAt = new Map<string, number>();
  const markDisabled = (userIds: Set<string>) => {
    const now = Date.now();
    for (const [userId, at] of disabledAt) if (at < now - DISABLE_MEMORY_MS) disabledAt.delete(userId);
    for (const userId of userIds) disabledAt.set(userId, now);
  };

  async function writeAll() {
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      const outcomes = await writeBatch(
        db,
        batch.map((w) => w.entry),
        options,
        markDisabled,
      );
      batch.forEach((w, i) => w.settle(outcomes[i]));
    }
    writing = false;
  }

  return {
    record(entry) {
      return new Promise((settle) => {
        waiting.push({ entry, settle });
        if (writing) return;
        writing = true;
        // After the answers that came in with this one have been read too, so that they share the write.
        setImmediate(() => void writeAll());
      });
    },
    disabledSince(userId, sinceMs) {
      const at = disabledAt.get(userId);
      return at !== undefined && at >= sinceMs;
    },
  };
}

async function writeBatch(db: Db, entries: Entry[], options: WebhookDeliveryOptions, markDisabled: (userIds: Set<string>) => void): Promise<AttemptOutcome[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      const disabled = new Set<string>();
      const outcomes = entries.some((e) => e.sent && !e.sent.result.ok)
        ? await db.transaction((tx) => recordOutcomes(tx, entries, options, disabled))
        : await recordSuccesses(db, entries);
      markDisabled(disabled);
      for (const [i, outcome] of outcomes.entries()) {
        const { job } = entries[i];
        if (outcome.type === "lease-lost")
          options.log(
            `job ${job.id} (${job.kind}) lost its lease to another worker; this run's answer is recorded on its own row, the job is left to its new holder`,
          );
        if (outcome.type === "sent" && outcome.disabledNow) {
          options.log(`the webhook of ${entries[i].sent!.userId} was disabled after ${MAX_CONSECUTIVE_FAILURES} consecutive failed attempts`);
        }
      }
      return outcomes;
    } catch (error) {
      if ((error as { code?: string }).code === DEADLOCK && attempt < DEADLOCK_RETRIES) continue;
      options.log(`the outcomes of ${entries.length} webhook deliveries were not recorded; their jobs run again after their leases: ${errorMessage(error)}`);
      return entries.map(() => ({ type: "not-recorded", error: errorMessage(error) }));
    }
  }
}

/**
 * A batch without a failed attempt, in one statement and so without a transaction to open and commit:
 * the jobs whose claims still hold are completed and their resellers' failure counts reset; every
 * attempt's row gets its outcome, a run that lost its lease included (it reached the receiver).
 * (Data-modifying CTEs all run, each to completion, in one snapshot.)
 */
async function recordSuccesses(db: Db, entries: Entry[]): Promise<AttemptOutcome[]> {
  const rows = entries.flatMap((entry) => (entry.sent ? [Object.assign({ job_id: entry.job.id }, outcomeRow(entry.sent, null))] : []));
  const unsent = entries.flatMap((entry) => (entry.unsent ? [{ job_id: entry.job.id, id: entry.unsent }] : []));
  const dropUnsent =
    unsent.length > 0
      ? sql`, dropped as (${dropUnsentStatement(sql`select u.id from jsonb_to_recordset(${JSON.stringify(unsent)}::jsonb) as u(job_id bigint, id text) where u.job_id in (select id from held)`)})`
      : sql``;
  const held = await executeRows<{ id: string | number }>(
    db,
    sql`with held as (${completeHeldJobsStatement(entries.map((entry) => entry.job))}),
      outcome as (select * from ${outcomeRecords(rows)}),
      written as (${writeOutcomes(sql`outcome as o`)}),
      reset as (${resetFailuresStatement(sql`select user_id from outcome where job_id in (select id from held)`)})${dropUnsent}
    select id from held`,
  );
  const heldIds = new Set(held.map((row) => Number(row.id)));
  return entries.map((entry) => {
    if (!heldIds.has(entry.job.id)) return { type: "lease-lost" };
    return entry.skip ? { type: "skipped", reason: entry.skip } : { type: "sent", deliveryId: entry.sent.deliveryId, succeeded: true, disabledNow: false };
  });
}

/**
 * A batch with failed attempts, in one transaction. It completes the jobs whose claims still hold, and
 * for the attempts sent under them counts the failures, each reseller's in the order they came (which
 * decides a disable), and queues the retries. A failure that finds the webhook already off (attempts
 * in flight when another one disabled it) is recorded as failed, not counted, and not retried. Every
 * attempt's outcome is written, all rows in one statement: a run that lost its lease records its own
 * answer on its own row and nothing else (its job's new holder sends again and counts).
 */
async function recordOutcomes(tx: DbOrTx, entries: Entry[], options: WebhookDeliveryOptions, disabled: Set<string>): Promise<AttemptOutcome[]> {
  const held = await completeHeldJobs(
    tx,
    entries.map((entry) => entry.job),
  );
  const unsent = entries.flatMap((entry) => (entry.unsent && held.has(entry.job.id) ? [entry.unsent] : []));
  if (unsent.length > 0) await tx.execute(dropUnsentStatement(sql`select unnest(${sql.param(unsent)}::text[])`));
  const outcomes = new Map<Entry, AttemptOutcome>();
  const rows: ReturnType<typeof outcomeRow>[] = [];
  const sentBy = new Map<string, Entry[]>();
  for (const entry of entries) {
    if (!entry.sent) continue;
    if (held.has(entry.job.id)) sentBy.set(entry.sent.userId, [...(sentBy.get(entry.sent.userId) ?? []), entry]);
    else rows.push(outcomeRow(entry.sent, null));
  }
  const onlySucceeded: string[] = [];
  // Resellers in one order, so that two workers' batches lock their webhooks in the same order.
  for (const userId of [...sentBy.keys()].sort()) {
    const sent = sentBy.get(userId)!;
    if (sent.every((entry) => entry.sent!.result.ok)) {
      onlySucceeded.push(userId);
      for (const entry of sent) {
        rows.push(outcomeRow(entry.sent!, null));
        outcomes.set(entry, { type: "sent", deliveryId: entry.sent!.deliveryId, succeeded: true, disabledNow: false });
      }
      continue;
    }
    for (const entry of sent) {
      const attempt = entry.sent!;
      if (attempt.result.ok) {
        await countDeliverySuccesses(tx, [userId]);
        rows.push(outcomeRow(attempt, null));
        outcomes.set(entry, { type: "sent", deliveryId: attempt.deliveryId, succeeded: true, disabledNow: false });
        continue;
      }
      const counted = await countDeliveryFailure(tx, userId);
      if (!counted.enabled) disabled.add(userId);
      const delay = options.retryDelays[attempt.attempt - 1];
      let nextRetryAt: Date | null = null;
      if (counted.enabled && delay !== undefined) {
        nextRetryAt = new Date(attempt.finishedAt.getTime() + delay);
        const next = attempt.attempt + 1;
        await enqueueJob(tx, {
          kind: WEBHOOK_DELIVER_JOB,
          payload: { eventId: attempt.eventId, attempt: next },
          runAt: nextRetryAt,
          dedupeKey: deliverJobKey(attempt.eventId, next),
        });
      }
      rows.push(outcomeRow(attempt, nextRetryAt, counted.counted ? null : NOT_COUNTED));
      outcomes.set(entry, { type: "sent", deliveryId: attempt.deliveryId, succeeded: false, disabledNow: counted.disabledNow });
    }
  }
  if (onlySucceeded.length > 0) await countDeliverySuccesses(tx, onlySucceeded);
  if (rows.length > 0) await tx.execute(writeOutcomes(outcomeRecords(rows)));
  return entries.map((entry) => {
    if (!held.has(entry.job.id)) return { type: "lease-lost" };
    return entry.skip ? { type: "skipped", reason: entry.skip } : outcomes.get(entry)!;
  });
}

function outcomeRow(attempt: SentAttempt, nextRetryAt: Date | null, note: string | null = null) {
  const columns = outcomeColumns(attempt.result, attempt.finishedAt, note);
  return {
    ...attempt.row,
    status: columns.status,
    response_status: columns.responseStatus,
    response_body: columns.responseBody,
    duration_ms: columns.durationMs,
    error: columns.error,
    finished_at: attempt.finishedAt.toISOString(),
    next_retry_at: nextRetryAt?.toISOString() ?? null,
  };
}

/** Removes attempt rows (ids from a subquery) that were recorded as pending and then not sent. */
function dropUnsentStatement(ids: SQL): SQL {
  return sql`delete from webhook_deliveries where status = 'pending' and id in (${ids})`;
}

/** The columns of an attempt's row (AttemptRow), then of its outcome (outcomeRow), as a record type. */
const ROW_COLUMNS = `id text, user_id text, event_id uuid, event text, url text, attempt integer, run integer, request_body_encrypted text, created_at timestamptz`;
const OUTCOME_COLUMNS = `status text, response_status integer, response_body text, duration_ms integer, error text, finished_at timestamptz, next_retry_at timestamptz`;

/** Outcome rows as a relation named o, from one JSON parameter. */
function outcomeRecords(rows: (ReturnType<typeof outcomeRow> & { job_id?: number })[]): SQL {
  return sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as o(job_id bigint, ${sql.raw(ROW_COLUMNS)}, ${sql.raw(OUTCOME_COLUMNS)})`;
}

/** The columns the insert of an attempt's row names: those of AttemptRow and the trigger, `event` for a scheduled attempt. */
const INSERTED = sql.raw(`id, user_id, event_id, event, url, attempt, run, request_body_encrypted, created_at, trigger`);
const INSERTED_FROM_O = sql.raw(`o.id, o.user_id, o.event_id, o.event, o.url, o.attempt, o.run, o.request_body_encrypted, o.created_at, 'event'`);

/**
 * Writes the outcomes of a relation o (outcomeRecords' columns) to their attempt rows, all in one
 * statement: a row not written yet (the answer came before the attempt was shown as pending) is
 * inserted with its outcome, one recorded as pending is finished. A row is finished once: only while
 * pending, or closed by the sweep for want of an answer (the answer of a run that outlived its lease
 * still comes in and replaces that guess).
 */
function writeOutcomes(outcomes: SQL): SQL {
  return sql`insert into webhook_deliveries as d (${INSERTED}, status, response_status, response_body, duration_ms, error, finished_at, next_retry_at)
    select ${INSERTED_FROM_O}, o.status, o.response_status, o.response_body, o.duration_ms, o.error, o.finished_at, o.next_retry_at from ${outcomes}
    on conflict (event_id, attempt, run) where trigger = 'event' do update set status = excluded.status, response_status = excluded.response_status,
      response_body = excluded.response_body, duration_ms = excluded.duration_ms, error = excluded.error, finished_at = excluded.finished_at,
      next_retry_at = excluded.next_retry_at, url = excluded.url
    where d.status = 'pending' or d.error = ${ABANDONED_ERROR}`;
}

/** Attempts not answered yet, recorded as pending in one statement; one already recorded is left as it is. */
export async function insertPendingAttempts(db: Db, rows: AttemptRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`insert into webhook_deliveries (${INSERTED})
    select ${INSERTED_FROM_O} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as o(${sql.raw(ROW_COLUMNS)})
    on conflict do nothing`);
}
