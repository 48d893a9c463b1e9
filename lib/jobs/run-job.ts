import type { Db } from "@/lib/db/client";
import type { Job } from "@/lib/db/schema";
import { componentLogger } from "@/lib/observability/logger";
import { metrics } from "@/lib/observability/metrics";
import { runInRequestContext } from "@/lib/observability/request-context";
import { completeJob, errorMessage, extendHeldLeases, extendLease, failJob, rescheduleJob } from "./queue";
import { jobHandler, withoutSlots, type BatchJobContext, type BatchJobHandler, type RegisteredHandler } from "./registry";

type SingleJobHandler = Extract<RegisteredHandler, { batch?: undefined }>;

/** How many times a running job's lease is renewed within one lease: two beats can fail before it runs out. */
export const HEARTBEATS_PER_LEASE = 3;

export interface RunJobOptions {
  db: Db;
  workerId: string;
  /** The lease the job was claimed with. */
  leaseMs: number;
  signal: AbortSignal;
  log: (line: string) => void;
}

type Outcome = { type: "done" } | { type: "later"; delayMs: number } | { type: "failed"; error: unknown; retryDelayMs?: number } | { type: "lease-lost" };

/**
 * Runs one claimed job through its handler and records the outcome. Never throws: when the outcome
 * cannot be written the job is simply run again once its lease expires.
 */
export async function runClaimedJob(job: Job, options: RunJobOptions): Promise<void> {
  const registered = jobHandler(job.kind);
  if (registered?.batch) {
    // A batch kind claimed one at a time (runDueJobsOnce, or a worker started before the kind was registered).
    const { db, workerId, leaseMs, log } = options;
    if (!leaseUsedUp(job) && registered.leaseMs !== undefined && registered.leaseMs !== leaseMs) {
      const held = await extendLease(db, job, workerId, registered.leaseMs).catch(() => false);
      if (!held) return log(`job ${job.id} (${job.kind}) lost its lease to another worker before it ran`);
    }
    await Promise.all(runClaimedBatch(registered.batch, [job], { ...options, leaseMs: registered.leaseMs ?? leaseMs }));
    return;
  }
  const started = performance.now();
  const outcome = await runInRequestContext({ requestId: job.requestId ?? undefined, jobId: job.id }, () => invoke(job, registered, options));
  logRun(job, outcome, performance.now() - started);
  await recordOutcome(job, outcome, options);
}

let jobLog: ReturnType<typeof componentLogger> | undefined;

/** One line per run, naming the job and the request that enqueued it; at debug when it simply finished. */
function logRun(job: Job, outcome: Outcome, ms: number): void {
  const line = {
    job_id: job.id,
    kind: job.kind,
    attempt: job.attempts,
    outcome: outcome.type,
    duration_ms: Math.round(ms),
    request_id: job.requestId ?? undefined,
  };
  const log = (jobLog ??= componentLogger("jobs"));
  if (outcome.type === "failed") log.warn(line, "job run failed");
  else log.debug(line, "job run");
}

/**
 * Runs claimed jobs of a batch kind through its handler, one promise per job. Jobs whose attempts ran
 * out while their leases expired are failed here instead, as runClaimedJob fails them.
 */
export function runClaimedBatch(
  batch: BatchJobHandler,
  claimed: Job[],
  options: RunJobOptions,
  inSlot: BatchJobContext["inSlot"] = withoutSlots,
): Promise<unknown>[] {
  const { db, signal, log } = options;
  const runnable = claimed.filter((job) => !leaseUsedUp(job));
  const ran = runnable.length > 0 ? batch(runnable, { db, signal, log, inSlot }) : [];
  keepLeased(runnable, ran, options);
  return claimed.map((job) => (leaseUsedUp(job) ? recordOutcome(job, expiredEveryAttempt(), options) : ran[runnable.indexOf(job)]));
}

/**
 * A batch's heartbeat: the leases of its jobs still under way (waiting for a slot or running) are
 * renewed together, in one statement a beat, until the last has its outcome. Each holds only under its
 * own claim, and the handler records outcomes under the claim too, so a job another worker took is
 * neither renewed nor finished here.
 */
function keepLeased(jobs: Job[], outcomes: Promise<unknown>[], { db, leaseMs }: RunJobOptions): void {
  if (jobs.length === 0) return;
  const pending = new Set(jobs);
  const heartbeat = setInterval(() => void extendHeldLeases(db, [...pending], leaseMs).catch(() => {}), leaseMs / HEARTBEATS_PER_LEASE);
  outcomes.forEach((outcome, i) => {
    const settled = () => {
      pending.delete(jobs[i]);
      if (pending.size === 0) clearInterval(heartbeat);
    };
    outcome.then(settled, settled);
  });
}

/** How long a recurring job that used up its attempts waits before it starts over. */
const RECURRING_PAUSE_MS = 60_000;

/** Only a claim after an expired lease gets here: the attempts were used up by runs that never reported back. */
const leaseUsedUp = (job: Job) => job.attempts > job.maxAttempts;
const expiredEveryAttempt = (): Outcome => ({ type: "failed", error: new Error(`the lease expired on every attempt (the worker died or stalled)`) });

/** Pauses before the outcome is written again after a failed write (a database blip). */
const OUTCOME_RETRY_MS = [500, 2_000];

/**
 * Writes a run's outcome. A write that fails (the connection was lost in a blip) is tried again a
 * moment later: left unwritten, the job would wait out its lease and run a second time, after the
 * supplier has been asked once already.
 */
async function recordOutcome(job: Job, outcome: Outcome, options: RunJobOptions): Promise<void> {
  const label = `job ${job.id} (${job.kind})`;
  for (let retry = 0; ; retry++) {
    try {
      const held = await writeOutcome(job, outcome, options, label, retry === 0);
      if (!held) options.log(`${label} lost its lease to another worker; its outcome here was discarded`);
      return;
    } catch (error) {
      if (retry === OUTCOME_RETRY_MS.length) {
        options.log(`${label} outcome not recorded, it will run again after its lease: ${errorMessage(error)}`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, OUTCOME_RETRY_MS[retry]));
    }
  }
}

async function writeOutcome(job: Job, outcome: Outcome, options: RunJobOptions, label: string, first: boolean): Promise<boolean> {
  const { db, workerId, log } = options;
  let held: boolean;
  switch (outcome.type) {
    case "done":
      held = await completeJob(db, job, workerId);
      break;
    case "later":
      held = await rescheduleJob(db, job, workerId, outcome.delayMs);
      break;
    case "failed": {
      if (first) metrics().jobFailures.inc({ kind: job.kind, final: String(job.attempts >= job.maxAttempts) });
      if (first) log(`${label} failed on attempt ${job.attempts}/${job.maxAttempts}: ${errorMessage(outcome.error)}`);
      const registered = jobHandler(job.kind);
      const last = job.attempts >= job.maxAttempts;
      if (last && registered?.recurring) {
        // Nothing else would run it again while the workers live: a payment watcher must not stop for good.
        log(`${label} ran out of attempts; as a recurring job it starts over in ${RECURRING_PAUSE_MS / 1000} s`);
        held = await rescheduleJob(db, job, workerId, RECURRING_PAUSE_MS);
        break;
      }
      held = await failJob(db, job, workerId, outcome.error, outcome.retryDelayMs);
      if (held && last && registered?.onGiveUp) {
        await registered.onGiveUp(job, { db }).catch((error: unknown) => log(`${label} could not be settled after its last attempt: ${errorMessage(error)}`));
      }
      break;
    }
    case "lease-lost":
      held = false;
  }
  return held;
}

async function invoke(job: Job, registered: SingleJobHandler | undefined, { db, workerId, leaseMs, signal }: RunJobOptions): Promise<Outcome> {
  if (!registered) {
    // Failed rather than dropped: a worker deployed later may know the kind, and the retries give it time.
    return { type: "failed", error: new Error(`no handler is registered for job kind "${job.kind}"`) };
  }
  if (leaseUsedUp(job)) return expiredEveryAttempt();
  const lease = registered.leaseMs ?? leaseMs;
  const lost = new AbortController();
  let heartbeat: NodeJS.Timeout | undefined;
  try {
    if (lease !== leaseMs && !(await extendLease(db, job, workerId, lease))) return { type: "lease-lost" };
    // A live worker keeps its claim however long the job runs, so the lease only has to outlast a
    // beat: a worker that died is noticed within one lease, not one longest run. A beat that finds the
    // claim gone (this worker stalled past its lease and another took the job) tells the handler to
    // give up; whatever it returns then is discarded, as the claim's conditions discard it anyway.
    // A beat that fails (a database blip) changes nothing: the next one tries again.
    heartbeat = setInterval(() => {
      void extendLease(db, job, workerId, lease).then(
        (held) => held || lost.abort(),
        () => {},
      );
    }, lease / HEARTBEATS_PER_LEASE);
    const result = await registered.handler(job, { db, signal: AbortSignal.any([signal, lost.signal]) });
    if (lost.signal.aborted) return { type: "lease-lost" };
    return result ? { type: "later", delayMs: result.retryInMs } : { type: "done" };
  } catch (error) {
    if (lost.signal.aborted) return { type: "lease-lost" };
    // A run cut short by shutdown is retried at once by another worker rather than after a back-off.
    return { type: "failed", error, retryDelayMs: signal.aborted ? 0 : undefined };
  } finally {
    clearInterval(heartbeat);
  }
}
