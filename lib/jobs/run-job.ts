import type { Db } from "@/lib/db/client";
import type { Job } from "@/lib/db/schema";
import { completeJob, errorMessage, extendLease, failJob, rescheduleJob } from "./queue";
import { jobHandler, withoutSlots, type BatchJobContext, type BatchJobHandler, type RegisteredHandler } from "./registry";

type SingleJobHandler = Extract<RegisteredHandler, { batch?: undefined }>;

export interface RunJobOptions {
  db: Db;
  workerId: string;
  /** The lease the job was claimed with. */
  leaseMs: number;
  signal: AbortSignal;
  log: (line: string) => void;
}

type Outcome =
  | { type: "done" }
  | { type: "later"; delayMs: number }
  | { type: "failed"; error: unknown; retryDelayMs?: number }
  | { type: "lease-lost" };

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
    await Promise.all(runClaimedBatch(registered.batch, [job], options));
    return;
  }
  await recordOutcome(job, await invoke(job, registered, options), options);
}

/**
 * Runs claimed jobs of a batch kind through its handler, one promise per job. Jobs whose attempts ran
 * out while their leases expired are failed here instead, as runClaimedJob fails them.
 */
export function runClaimedBatch(batch: BatchJobHandler, claimed: Job[], options: RunJobOptions, inSlot: BatchJobContext["inSlot"] = withoutSlots): Promise<unknown>[] {
  const { db, signal, log } = options;
  const runnable = claimed.filter((job) => !leaseUsedUp(job));
  const ran = runnable.length > 0 ? batch(runnable, { db, signal, log, inSlot }) : [];
  return claimed.map((job) => (leaseUsedUp(job) ? recordOutcome(job, expiredEveryAttempt(), options) : ran[runnable.indexOf(job)]));
}

/** How long a recurring job that used up its attempts waits before it starts over. */
const RECURRING_PAUSE_MS = 60_000;

/** Only a claim after an expired lease gets here: the attempts were used up by runs that never reported back. */
const leaseUsedUp = (job: Job) => job.attempts > job.maxAttempts;
const expiredEveryAttempt = (): Outcome => ({ type: "failed", error: new Error(`the lease expired on every attempt (the worker died or stalled)`) });

async function recordOutcome(job: Job, outcome: Outcome, options: RunJobOptions): Promise<void> {
  const { db, workerId, log } = options;
  const label = `job ${job.id} (${job.kind})`;
  try {
    let held: boolean;
    switch (outcome.type) {
      case "done":
        held = await completeJob(db, job, workerId);
        break;
      case "later":
        held = await rescheduleJob(db, job, workerId, outcome.delayMs);
        break;
      case "failed": {
        log(`${label} failed on attempt ${job.attempts}/${job.maxAttempts}: ${errorMessage(outcome.error)}`);
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
    if (!held) log(`${label} lost its lease to another worker; its outcome here was discarded`);
  } catch (error) {
    log(`${label} outcome not recorded, it will run again after its lease: ${errorMessage(error)}`);
  }
}

async function invoke(job: Job, registered: SingleJobHandler | undefined, { db, workerId, leaseMs, signal }: RunJobOptions): Promise<Outcome> {
  if (!registered) {
    // Failed rather than dropped: a worker deployed later may know the kind, and the retries give it time.
    return { type: "failed", error: new Error(`no handler is registered for job kind "${job.kind}"`) };
  }
  if (leaseUsedUp(job)) return expiredEveryAttempt();
  const lease = registered.leaseMs ?? leaseMs;
  let heartbeat: NodeJS.Timeout | undefined;
  try {
    if (lease !== leaseMs && !(await extendLease(db, job, workerId, lease))) return { type: "lease-lost" };
    // A live worker keeps its claim however long the job runs, so the lease only has to outlast a
    // beat: a worker that died is noticed within one lease, not one longest run.
    heartbeat = setInterval(() => void extendLease(db, job, workerId, lease).catch(() => false), lease / 3);
    const result = await registered.handler(job, { db, signal });
    return result ? { type: "later", delayMs: result.retryInMs } : { type: "done" };
  } catch (error) {
    // A run cut short by shutdown is retried at once by another worker rather than after a back-off.
    return { type: "failed", error, retryDelayMs: signal.aborted ? 0 : undefined };
  } finally {
    clearInterval(heartbeat);
  }
}
