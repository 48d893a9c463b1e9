import { and, eq, inArray, lt, lte, sql, type Placeholder, type SQL } from "drizzle-orm";
import { DrizzleQueryError } from "drizzle-orm/errors";
import type { Db, DbOrTx } from "@/lib/db/client";
import { preparedQuery, setPlaceholder } from "@/lib/db/prepared";
import { executeRows } from "@/lib/db/rows";
import { quoteText } from "@/lib/db/sql-literal";
import { jobs, type Job } from "@/lib/db/schema";
import { currentRequest } from "@/lib/observability/request-context";

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
  /** Only this kind (the jobs of a lane that runs one kind in slots of its own). */
  kind?: string;
  /** Any kind but these (the kinds that run in lanes of their own). */
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
  and(
    eq(jobs.id, sql.placeholder("jobId")),
    eq(jobs.status, "running"),
    eq(jobs.lockedBy, sql.placeholder("lockedBy")),
    eq(jobs.attempts, sql.placeholder("attempts")),
  );

/** Takes a DbOrTx so a domain write and the job that follows it up commit together (outbox). */
export async function enqueueJob(db: DbOrTx, job: NewJob): Promise<void> {
  const insert = db.insert(jobs).values({
    kind: job.kind,
    payload: job.payload ?? {},
    runAt: job.runAt,
    maxAttempts: job.maxAttempts,
    dedupeKey: job.dedupeKey,
    requestId: currentRequest()?.requestId,
  });
  if (job.dedupeKey === undefined) {
    await insert;
    return;
  }
  // The predicate must match the partial index jobs_dedupe_key for Postgres to infer it as the arbiter.
  await insert.onConflictDoNothing({ target: jobs.dedupeKey, where: sql`status in ('pending', 'running')` });
}

/**
 * The statement of runJobNow. Its status is a constant so that Postgres' generic plan for the prepared
 * statement finds the job through jobs_dedupe_key, a partial index, instead of reading every job kept.
 */
export function runJobNowStatement(db: DbOrTx, dedupeKey: string) {
  return db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(and(eq(jobs.dedupeKey, dedupeKey), sql`${jobs.status} = 'pending'`, sql`${jobs.runAt} > now()`));
}

/** Makes a pending recurring job (by its dedupe key) due now, e.g. after something it should see at once. */
export async function runJobNow(db: DbOrTx, dedupeKey: string): Promise<void> {
  await runJobNowStatement(db, dedupeKey);
}

/** Which kinds a claim takes: all, one (a placeholder), or all but some (fixed in the statement). */
type KindFilter = { of: "any" } | { of: "one" } | { of: "allBut"; kinds: string[] };

const textLiteral = (value: string) => sql.raw(quoteText(value));

/**
 * The kind condition of a claim, written so that jobs_due_idx (kind, run_at, id) serves it. One kind
 * is an equality, so its due jobs come oldest first straight from the index, however many jobs of
 * other kinds are due. All but some kinds adds ranges of kind (before the first excepted, after the
 * last, between them), which Postgres reads from the same index; `kind not in (...)` alone would make
 * it read every due job, the excepted ones too. That one stays as well, so the claim is right whatever
 * order the database's collation gives the names. The excepted kinds are constants in the statement:
 * as parameters, Postgres' generic plan for a prepared statement cannot see how few jobs the ranges
 * hold, and it read every pending job again.
 */
function kindCondition(filter: KindFilter): SQL | undefined {
  if (filter.of === "one") return sql`${jobs.kind} = ${sql.placeholder("kind")}`;
  if (filter.of === "any") return undefined;
  const [first, last] = [textLiteral(filter.kinds[0]), textLiteral(filter.kinds[filter.kinds.length - 1])];
  const excepted = sql.join(filter.kinds.map(textLiteral), sql`, `);
  return sql`${jobs.kind} not in (${excepted}) and (${jobs.kind} < ${first} or ${jobs.kind} > ${last} or (${jobs.kind} > ${first} and ${jobs.kind} < ${last}))`;
}

/**
 * Jobs whose lease ran out (their worker died) first, then pending jobs by run_at, each read from its
 * own partial index and locked with SKIP LOCKED, so concurrent workers take disjoint batches without
 * waiting on each other. One OR over both kinds of due job made Postgres read and sort every due job
 * on every claim, which grew with the backlog (20,000 waiting deliveries: 11 ms per claim of 16).
 */
function claimStatement(db: DbOrTx, filter: KindFilter) {
  const limit = sql.placeholder("limit");
  const ofKind = kindCondition(filter);
  const expired = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(sql`${jobs.status} = 'running'`, lt(jobs.lockedUntil, sql`now()`), ofKind))
    .orderBy(jobs.lockedUntil)
    .limit(limit)
    .for("update", { skipLocked: true });
  const ready = db
    .select({ id: jobs.id })
    .from(jobs)
    // run_at keeps milliseconds, rounded half up, so a job made due at now() may be stored up to
    // half a millisecond ahead of it; now() rounded the same way keeps it due at once.
    .where(and(sql`${jobs.status} = 'pending'`, lte(jobs.runAt, sql`now()::timestamptz(3)`), ofKind))
    .orderBy(jobs.runAt, jobs.id)
    .limit(limit)
    .for("update", { skipLocked: true });
  // The statuses are constants, not parameters, so that a generic plan (Postgres' plan for any
  // parameters of a prepared statement) still matches them with the partial indexes' predicates.
  // Postgres refuses FOR UPDATE in the branches of a UNION itself, not in subqueries under them.
  const due = sql`(select id from (select id from ${expired} expired union all select id from ${ready} ready) due limit ${limit})`;
  return db
    .update(jobs)
    .set({
      status: "running",
      lockedBy: setPlaceholder("workerId", jobs.lockedBy),
      lockedUntil: msFromNow(sql.placeholder("leaseMs")),
      attempts: sql`${jobs.attempts} + 1`,
    })
    .where(inArray(jobs.id, due))
    .returning();
}

// A worker's claims, its most frequent statements.
const claimAnyJob = preparedQuery((db) => claimStatement(db, { of: "any" }).prepare("claim_jobs"));
const claimJobsOfKind = preparedQuery((db) => claimStatement(db, { of: "one" }).prepare("claim_jobs_of_kind"));
const exceptKindsClaim = (kinds: string[], name: string) => preparedQuery((db) => claimStatement(db, { of: "allBut", kinds }).prepare(name));
/** By the excepted kinds, sorted and joined: a process has one such list (its worker's batch kinds). */
const claimsExceptKinds = new Map<string, ReturnType<typeof exceptKindsClaim>>();

/** The prepared claim for these options and the values it runs with. */
export function preparedClaim(db: Db, workerId: string, options: ClaimOptions) {
  const values = { workerId, limit: options.limit, leaseMs: options.leaseMs };
  // Object.assign, not `{ ...x, key }`: on Node 20 that literal makes a hidden class per call (answerHeaders, lib/api/answer.ts).
  if (options.kind !== undefined) return { query: claimJobsOfKind(db), values: Object.assign({ kind: options.kind }, values) };
  if (options.exceptKinds?.length) {
    const kinds = [...new Set(options.exceptKinds)].sort();
    const key = kinds.join("\n");
    let claim = claimsExceptKinds.get(key);
    if (!claim) {
      claim = exceptKindsClaim(kinds, `claim_jobs_except_${claimsExceptKinds.size}`);
      claimsExceptKinds.set(key, claim);
    }
    return { query: claim(db), values };
  }
  return { query: claimAnyJob(db), values };
}

/** Leases up to `limit` due jobs to a worker in one statement. */
export async function claimJobs(db: Db, workerId: string, options: ClaimOptions): Promise<Job[]> {
  const { query, values } = preparedClaim(db, workerId, options);
  return query.execute(values);
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

/** extendLease for many jobs in one statement, each under its own claim (a batch's heartbeat). */
export async function extendHeldLeases(db: DbOrTx, claimed: Job[], leaseMs: number): Promise<void> {
  if (claimed.length === 0) return;
  const claims = JSON.stringify(claimed.map((job) => ({ id: job.id, locked_by: job.lockedBy, attempts: job.attempts })));
  await db.execute(sql`update jobs set locked_until = ${msFromNow(leaseMs)}
    from jsonb_to_recordset(${claims}::jsonb) as claim(id bigint, locked_by text, attempts integer)
    where jobs.id = claim.id and jobs.status = 'running' and jobs.locked_by = claim.locked_by and jobs.attempts = claim.attempts`);
}

/** How much of a failed statement a message names, enough to tell which one it was. */
const QUERY_EXCERPT = 60;

/**
 * An error for a log line or a job's last error. A failed query reads as the database's reason and
 * the statement's start, not drizzle's whole statement and parameters: during an outage each poll's
 * line was kilobytes of SQL, and parameters can hold what a log should not.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof DrizzleQueryError && error.cause instanceof Error) {
    const query = error.query.length > QUERY_EXCERPT ? `${error.query.slice(0, QUERY_EXCERPT)}…` : error.query;
    return `${error.cause.message} (in ${query})`;
  }
  return error instanceof Error ? error.message : String(error);
}
