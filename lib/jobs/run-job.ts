import type { Db } from "@/lib/db/client";
import type { Job } from "@/lib/db/schema";
import { completeJob, errorMessage, extendLease, failJob, rescheduleJob } from "./queue";
import { jobHandler } from "./registry";

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
  const outcome = await invoke(job, options);
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
      case "failed":
        log(`${label} failed on attempt ${job.attempts}/${job.maxAttempts}: ${errorMessage(outcome.error)}`);
        held = await failJob(db, job, workerId, outcome.error, outcome.retryDelayMs);
        break;
      case "lease-lost":
        held = false;
    }
    if (!held) log(`${label} lost its lease to another worker; its outcome here was discarded`);
  } catch (error) {
    log(`${label} outcome not recorded, it will run again after its lease: ${errorMessage(error)}`);
  }
}

async function invoke(job: Job, { db, workerId, leaseMs, signal }: RunJobOptions): Promise<Outcome> {
  const registered = jobHandler(job.kind);
  if (!registered) {
    // Failed rather than dropped: a worker deployed later may know the kind, and the retries give it time.
    return { type: "failed", error: new Error(`no handler is registered for job kind "${job.kind}"`) };
  }
  if (job.attempts > job.maxAttempts) {
    // Only a claim after an expired lease gets here: the attempts were used up by runs that never reported back.
    return { type: "failed", error: new Error(`the lease expired on every attempt (the worker died or stalled)`) };
  }
  try {
    if (registered.leaseMs !== undefined && registered.leaseMs !== leaseMs) {
      if (!(await extendLease(db, job, workerId, registered.leaseMs))) return { type: "lease-lost" };
    }
    const result = await registered.handler(job, { db, signal });
    return result ? { type: "later", delayMs: result.retryInMs } : { type: "done" };
  } catch (error) {
    // A run cut short by shutdown is retried at once by another worker rather than after a back-off.
    return { type: "failed", error, retryDelayMs: signal.aborted ? 0 : undefined };
  }
}
