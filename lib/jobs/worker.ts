import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import pLimit from "p-limit";
import type { Db } from "@/lib/db/client";
import type { Job } from "@/lib/db/schema";
import { onLocalJobs } from "./local-wake";
import { scheduleRecurringJobs } from "./recurring";
import { claimJobs, errorMessage } from "./queue";
import { jobHandler, laneJobKinds, type BatchJobContext } from "./registry";
import { runClaimedBatch, runClaimedJob, type RunJobOptions } from "./run-job";
import { componentLogger } from "@/lib/observability/logger";

const workerLine = (line: string) => componentLogger("worker").info(line);

export interface WorkerOptions {
  db: Db;
  workerId?: string;
  pollIntervalMs?: number;
  concurrency?: number;
  leaseMs?: number;
  log?: (line: string) => void;
}

export interface Worker {
  readonly workerId: string;
  /**
   * Stops claiming, aborts the jobs' signal and resolves once the jobs in flight have finished, or
   * once `deadlineMs` has passed, whichever comes first: a job (or a claim) that does not end in time
   * is left to its lease, which another worker takes over.
   */
  stop(deadlineMs?: number): Promise<void>;
  /** Polls now instead of at the next interval, e.g. right after enqueueing a job. */
  wake(): void;
  /**
   * When (Date.now()) the loop that turned least recently last turned: a claim that never answers
   * leaves it behind, which the worker's health endpoint reports as a stall.
   */
  lastTurnAt(): number;
}

const MAX_DB_BACKOFF_MS = 30_000;
/**
 * How long a claim holds without its worker renewing it (run-job.ts renews it every lease / 3 while the
 * job runs): a worker that died, or lost the database, has its jobs run by another within this, not
 * within the longest run a job may take.
 */
export const DEFAULT_LEASE_MS = 15_000;
/** Inside the 25 s a server's drain takes at most, so a worker process stops with the server beside it. */
const DEFAULT_STOP_MS = 20_000;

/** Unique per process and start, and readable in the jobs table: which host and pid holds a job. */
export function defaultWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
}

/**
 * A batch kind's worker holds up to this many times its slots in claimed jobs, so that when a slot
 * comes free the next job is already read and started, and its request goes out at once instead of
 * after a claim and the batch's reads. A job that waits for a slot waits for at most one round of
 * requests, each bounded by its timeout, well inside its lease.
 */
const CLAIM_AHEAD = 2;

/** A share of a worker's slots with its own claim: the jobs of one batch kind, or all the others. */
interface Lane {
  /** How many claimed jobs may be unfinished at once. */
  capacity: number;
  /** Less free capacity than this waits for more, so that a busy batch lane claims and prepares in batches. */
  minClaim: number;
  claim(limit: number): Promise<Job[]>;
  run(claimed: Job[]): Promise<unknown>[];
}

export function startWorker(options: WorkerOptions): Worker {
  const { db, pollIntervalMs = 500, concurrency = 4, leaseMs = DEFAULT_LEASE_MS, log = workerLine } = options;
  const workerId = options.workerId ?? defaultWorkerId();
  const abort = new AbortController();
  const run = { db, workerId, leaseMs, signal: abort.signal, log };
  // Each batch kind runs in slots of its own, so its jobs neither wait behind the others nor hold
  // their slots (slow webhook receivers must not delay order fulfilment), and each claim fills many.
  // So does a single kind given slots (a supplier's orders: a slow supplier must not hold the others).
  const laneKinds = laneJobKinds();
  const lanes: Lane[] = [
    {
      capacity: concurrency,
      minClaim: 1,
      claim: (limit) => claimJobs(db, workerId, { limit, leaseMs, exceptKinds: laneKinds.map((lane) => lane.kind) }),
      run: (claimed) => claimed.map((job) => runClaimedJob(job, run)),
    },
    ...laneKinds.map(({ kind, slots, leaseMs: laneLease = leaseMs, batch }): Lane => {
      if (!batch) {
        return {
          capacity: slots,
          minClaim: 1,
          claim: (limit) => claimJobs(db, workerId, { limit, leaseMs: laneLease, kind }),
          run: (claimed) => claimed.map((job) => runClaimedJob(job, { ...run, leaseMs: laneLease })),
        };
      }
      const slot = pLimit(slots);
      const inSlot = <T>(work: () => Promise<T>) => slot(work);
      // Made once per lane, not per claimed batch.
      const laneRun = { ...run, leaseMs: laneLease };
      return {
        capacity: slots * CLAIM_AHEAD,
        // Half the slots: a claim and the batch's read are two statements, shared by twice as many jobs
        // as with a quarter, and the slots still have as many again claimed and ready while they run.
        minClaim: Math.ceil(slots / 2),
        claim: (limit) => claimJobs(db, workerId, { limit, leaseMs: laneLease, kind }),
        run: (claimed) => runClaimedJobsOfKind(kind, claimed, laneRun, inSlot),
      };
    }),
  ];
  const alarms = lanes.map(() => createAlarm());
  const inFlight = lanes.map(() => new Set<Promise<unknown>>());
  const turns = lanes.map(() => Date.now());

  const scheduled = (async () => {
    // Retried so that a database that is down at start-up still gets the recurring jobs scheduled later.
    for (let failures = 0; !abort.signal.aborted; failures++) {
      turns[0] = Date.now();
      try {
        return await scheduleRecurringJobs(db);
      } catch (error) {
        const pause = Math.min(pollIntervalMs * 2 ** (failures + 1), MAX_DB_BACKOFF_MS);
        log(`job worker ${workerId}: ${errorMessage(error)}; polling again in ${pause} ms`);
        await alarms[0].sleep(pause);
      }
    }
  })();

  const loops = lanes.map(async (lane, index) => {
    const alarm = alarms[index];
    const unfinished = inFlight[index];
    let dbFailures = 0;
    if (index === 0) await scheduled;
    while (!abort.signal.aborted) {
      turns[index] = Date.now();
      let pause = pollIntervalMs;
      try {
        const free = lane.capacity - unfinished.size;
        if (free > 0 && (free >= lane.minClaim || unfinished.size === 0)) {
          for (const running of lane.run(await lane.claim(free))) {
            const tracked = running.finally(() => {
              unfinished.delete(tracked);
              // Free capacity is a reason to claim again without waiting out the interval.
              alarm.ring();
            });
            unfinished.add(tracked);
          }
        }
        dbFailures = 0;
      } catch (error) {
        // The worker lives inside the server process: an outage must not crash it, only slow the polling.
        dbFailures++;
        pause = Math.min(pollIntervalMs * 2 ** dbFailures, MAX_DB_BACKOFF_MS);
        log(`job worker ${workerId}: ${errorMessage(error)}; polling again in ${pause} ms`);
      }
      await alarm.sleep(pause);
    }
  });

  const wake = () => alarms.forEach((alarm) => alarm.ring());
  const unregister = onLocalJobs(wake);
  let stopped: Promise<void> | undefined;
  return {
    workerId,
    stop(deadlineMs = DEFAULT_STOP_MS) {
      stopped ??= (async () => {
        unregister();
        abort.abort();
        for (const alarm of alarms) alarm.ring();
        const finished = (async () => {
          await Promise.all([scheduled, ...loops]);
          await Promise.all(inFlight.flatMap((unfinished) => [...unfinished]));
        })();
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<"late">((resolve) => (timer = setTimeout(resolve, deadlineMs, "late")));
        // After blips a claim or a job's statement may never answer; the stop must not wait for it.
        if ((await Promise.race([finished, late])) === "late") {
          const left = inFlight.reduce((sum, unfinished) => sum + unfinished.size, 0);
          log(`job worker ${workerId}: stopped after ${deadlineMs} ms with ${left} job(s) unfinished; they run again once their leases expire`);
        }
        clearTimeout(timer);
      })();
      return stopped;
    },
    wake,
    lastTurnAt: () => Math.min(...turns),
  };
}

/** Runs claimed jobs of a batch kind through the handler registered now (tests register it again). */
function runClaimedJobsOfKind(kind: string, claimed: Job[], options: RunJobOptions, inSlot: BatchJobContext["inSlot"]): Promise<unknown>[] {
  const registered = jobHandler(kind);
  return registered?.batch ? runClaimedBatch(registered.batch, claimed, options, inSlot) : claimed.map((job) => runClaimedJob(job, options));
}

/**
 * Claims and runs every job that is due, one at a time, until none is left, and returns how many ran.
 * For tests and scripts that want the queue drained deterministically rather than a polling loop.
 */
export async function runDueJobsOnce(db: Db, workerId: string, options: { leaseMs?: number; log?: (line: string) => void } = {}): Promise<number> {
  const { leaseMs = DEFAULT_LEASE_MS, log = workerLine } = options;
  const signal = new AbortController().signal;
  let count = 0;
  for (;;) {
    const [job] = await claimJobs(db, workerId, { limit: 1, leaseMs });
    if (!job) return count;
    await runClaimedJob(job, { db, workerId, leaseMs, signal, log });
    count++;
  }
}

/** A sleep that ring() cuts short; a ring while awake cuts the next sleep, so no wake-up is lost. */
function createAlarm() {
  let rung = false;
  let wakeSleeper: (() => void) | undefined;
  return {
    sleep(ms: number): Promise<void> {
      if (rung) {
        rung = false;
        return Promise.resolve();
      }
      return new Promise((resolve) => {
        const timer = setTimeout(done, ms);
        wakeSleeper = done;
        function done() {
          clearTimeout(timer);
          wakeSleeper = undefined;
          resolve();
        }
      });
    },
    ring() {
      if (wakeSleeper) wakeSleeper();
      else rung = true;
    },
  };
}
