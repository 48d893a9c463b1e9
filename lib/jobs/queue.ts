import { and, eq, inArray, lt, lte, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "@/lib/db/client";
import { preparedQuery, setPlaceholder } from "@/lib/db/prepared";
import { executeRows } from "@/lib/db/rows";
import { jobs, type Job } from "@/lib/db/schema";

export interface NewJob {
  kind: string;
  payload?: Record<string, unknown>;
  runAt?: Date;
  maxAttempts?: number;
  /** At most one unfinished job per key: enqueueing again while one is pending or running does nothing. */
  dedupeKey?: string;
}

export interface ClaimOptions {
  limit: number;
  leaseMs: number;
  /** Only these kinds. */
  kinds?: string[];
  /** Any kind but these (the kinds a worker runs in slots of their own). */
  exceptKinds?: string[];
}

const MAX_BACKOFF_MS = 10 * 60_000;
const MAX_ERROR_LENGTH = 1000;

/** Deadlines come from the database clock, so workers on hosts with skewed clocks agree on them. */
const msFromNow = (ms: number | Placeholder) => sql`now() + ${ms}::float8 * interval '1 millisecond'`;

/**
 * A finishing write applies only while this worker still holds this claim. The claim bumps attempts,
 * so matching it as well as locked_by also rejects an older run by the same worker whose lease was
 * taken over and re-claimed by it.
 */
const heldBy = (job: Job, workerId: string) =>
  and(eq(jobs.id, job.id), eq(jobs.status, "running"), eq(jobs.lockedBy, workerId), eq(jobs.attempts, job.attempts));

/** heldBy for prepared statements: the claim as placeholders jobId, lockedBy and attempts. */
const heldClaim = () =>
  and(eq(jobs.id, sql.placeholder("jobId")), eq(jobs.status, "running"), eq(jobs.lockedBy, sql.placeholder("lockedBy")), eq(jobs.attempts, sql.placeholder("attempts")));

/** Takes a DbOrTx so a domain write and the job that follows it up commit together (outbox). */
export async function enqueueJob(db: DbOrTx, job: NewJob): Promise<void> {
  const insert = db.insert(jobs).values({
    kind: job.kind,
    payload: job.payload ?? {},
    runAt: job.runAt,
    maxAttempts: job.maxAttempts,
    dedupeKey: job.dedupeKey,
  });
  if (job.dedupeKey === undefined) {
    await insert;
    return;
  }
  // The predicate must match the partial index jobs_dedupe_key for Postgres to infer it as the arbiter.
  await insert.onConflictDoNothing({ target: jobs.dedupeKey, where: sql`status in ('pending', 'running')` });
}

/** Makes a pending recurring job (by its dedupe key) due now, e.g. after something it should see at once. */
export async function runJobNow(db: DbOrTx, dedupeKey: string): Promise<void> {
  await db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(and(eq(jobs.dedupeKey, dedupeKey), eq(jobs.status, "pending"), sql`${jobs.runAt} > now()`));
}

type KindFilter = "any" | "only" | "except";

function claimStatement(db: DbOrTx, filter: KindFilter) {
  const kinds = sql`${sql.placeholder("kinds")}::text[]`;
  const ofKind = filter === "only" ? sql`${jobs.kind} = any(${kinds})` : filter === "except" ? sql`${jobs.kind} <> all(${kinds})` : undefined;
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        or(
          // run_at keeps milliseconds, rounded half up, so a job made due at now() may be stored up to
          // half a millisecond ahead of it; now() rounded the same way keeps it due at once.
          and(eq(jobs.status, "pending"), lte(jobs.runAt, sql`now()::timestamptz(3)`)),
          and(eq(jobs.status, "running"), lt(jobs.lockedUntil, sql`now()`)),
        ),
        ofKind,
      ),
    )
    .orderBy(jobs.runAt, jobs.id)
    .limit(sql.placeholder("limit"))
    .for("update", { skipLocked: true });
  return db
    .update(jobs)
    .set({ status: "running", lockedBy: setPlaceholder("workerId", jobs.lockedBy), lockedUntil: msFromNow(sql.placeholder("leaseMs")), attempts: sql`${jobs.attempts} + 1` })
    .where(inArray(jobs.id, due))
    .returning();
}

// A worker's claims, its most frequent statements.
const claimAnyJob = preparedQuery((db) => claimStatement(db, "any").prepare("claim_jobs"));
const claimJobsOfKinds = preparedQuery((db) => claimStatement(db, "only").prepare("claim_jobs_of_kinds"));
const claimJobsExceptKinds = preparedQuery((db) => claimStatement(db, "except").prepare("claim_jobs_except_kinds"));

/**
 * Leases due jobs to a worker in one statement. SKIP LOCKED lets concurrent workers take disjoint
 * batches without waiting on each other; a running job whose lease ran out (its worker died) is due again.
 */
export async function claimJobs(db: Db, workerId: string, options: ClaimOptions): Promise<Job[]> {
  const values = { workerId, limit: options.limit, leaseMs: options.leaseMs };
  if (options.kinds) return claimJobsOfKinds(db).execute({ ...values, kinds: options.kinds });
  if (options.exceptKinds) return claimJobsExceptKinds(db).execute({ ...values, kinds: options.exceptKinds });
  return claimAnyJob(db).execute(values);
}

const finishJob = preparedQuery((db) =>
  db
    .update(jobs)
    .set({ status: "done", finishedAt: sql`now()`, lockedUntil: null })
    .where(heldClaim())
    .returning({ id: jobs.id })
    .prepare("complete_job"),
);

/** Returns false when the lease was lost, in which case the job belongs to another worker now. */
export async function completeJob(db: DbOrTx, job: Job, workerId: string): Promise<boolean> {
  const rows = await finishJob(db).execute({ jobId: job.id, lockedBy: workerId, attempts: job.attempts });
  return rows.length > 0;
}

/**
 * The statement that completes those of the jobs whose claims still hold, returning their ids: a
 * batch's lease check and completion in one, which a batch's own statement can embed (as a CTE).
 */
export function completeHeldJobsStatement(claimed: Job[]): SQL {
  const claims = JSON.stringify(claimed.map((job) => ({ id: job.id, locked_by: job.lockedBy, attempts: job.attempts })));
  return sql`update jobs set status = 'done', finished_at = now(), locked_until = null
    from jsonb_to_recordset(${claims}::jsonb) as claim(id bigint, locked_by text, attempts integer)
    where jobs.id = claim.id and jobs.status = 'running' and jobs.locked_by = claim.locked_by and jobs.attempts = claim.attempts
    returning jobs.id`;
}

/** Completes the jobs whose claims still hold, in one statement, and returns their ids. */
export async function completeHeldJobs(db: DbOrTx, claimed: Job[]): Promise<Set<number>> {
  if (claimed.length === 0) return new Set();
  const rows = await executeRows<{ id: string | number }>(db, completeHeldJobsStatement(claimed));
  return new Set(rows.map((row) => Number(row.id)));
}

/**
 * Records a failed attempt: back to pending after a delay (exponential by default) while attempts
 * remain, otherwise failed for good. Returns false when the lease was lost.
 */
export async function failJob(db: DbOrTx, job: Job, workerId: string, error: unknown, retryDelayMs?: number): Promise<boolean> {
  const lastError = errorMessage(error).slice(0, MAX_ERROR_LENGTH);
  const outcome =
    job.attempts < job.maxAttempts
      ? {
          status: "pending" as const,
          runAt: msFromNow(retryDelayMs ?? Math.min(2 ** job.attempts * 1000, MAX_BACKOFF_MS)),
          lockedBy: null,
          lockedUntil: null,
        }
      : { status: "failed" as const, finishedAt: sql`now()`, lockedUntil: null };
  const rows = await db
    .update(jobs)
    .set({ ...outcome, lastError })
    .where(heldBy(job, workerId))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Puts a job that is not finished yet (a poll, a recurring task) back to pending for a later run.
 * That run is not a failure, so the attempt count starts over: maxAttempts bounds consecutive failures.
 */
export async function rescheduleJob(db: DbOrTx, job: Job, workerId: string, delayMs: number): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: "pending", runAt: msFromNow(delayMs), attempts: 0, lockedBy: null, lockedUntil: null })
    .where(heldBy(job, workerId))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Keeps a long job leased; false means the lease was already lost and the job should stop. */
export async function extendLease(db: DbOrTx, job: Job, workerId: string, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: msFromNow(leaseMs) })
    .where(heldBy(job, workerId))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
