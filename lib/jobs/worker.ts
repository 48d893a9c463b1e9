import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { Db } from "@/lib/db/client";
import { scheduleRecurringJobs } from "./recurring";
import { claimJobs, errorMessage } from "./queue";
import { batchJobKinds, jobHandler } from "./registry";
import { runClaimedBatch, runClaimedJob } from "./run-job";

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
  /** Stops claiming, aborts the jobs' signal and resolves once the jobs in flight have finished. */
  stop(): Promise<void>;
  /** Polls now instead of at the next interval, e.g. right after enqueueing a job. */
  wake(): void;
}

const MAX_DB_BACKOFF_MS = 30_000;
const DEFAULT_LEASE_MS = 60_000;

/** Unique per process and start, and readable in the jobs table: which host and pid holds a job. */
export function defaultWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
}

export function startWorker(options: WorkerOptions): Worker {
  const { db, pollIntervalMs = 500, concurrency = 4, leaseMs = DEFAULT_LEASE_MS, log = console.log } = options;
  const workerId = options.workerId ?? defaultWorkerId();
  const abort = new AbortController();
  const alarm = createAlarm();
  const inFlight = new Set<Promise<unknown>>();
  // Each batch kind runs in slots of its own, so its jobs neither wait behind the others nor hold
  // their slots (slow webhook receivers must not delay order fulfilment), and each claim fills many.
  const lanes = batchJobKinds().map((lane) => ({ ...lane, inFlight: new Set<Promise<unknown>>() }));
  const laneKinds = lanes.map((lane) => lane.kind);
  const track = (slots: Set<Promise<unknown>>, run: Promise<unknown>) => {
    const tracked = run.finally(() => {
      slots.delete(tracked);
      // A free slot is a reason to claim again without waiting out the interval.
      alarm.ring();
    });
    slots.add(tracked);
  };

  const loop = (async () => {
    let recurringScheduled = false;
    let dbFailures = 0;
    while (!abort.signal.aborted) {
      let pause = pollIntervalMs;
      try {
        // Inside the loop so that a database that is down at start-up still gets it scheduled later.
        if (!recurringScheduled) {
          await scheduleRecurringJobs(db);
          recurringScheduled = true;
        }
        const free = concurrency - inFlight.size;
        if (free > 0) {
          for (const job of await claimJobs(db, workerId, { limit: free, leaseMs, exceptKinds: laneKinds })) {
            track(inFlight, runClaimedJob(job, { db, workerId, leaseMs, signal: abort.signal, log }));
          }
        }
        for (const lane of lanes) {
          const laneFree = lane.slots - lane.inFlight.size;
          // Waits for a quarter of the slots to come free, so that a busy lane claims (and prepares) in batches.
          if (laneFree === 0 || (lane.inFlight.size > 0 && laneFree < lane.slots / 4)) continue;
          const handler = jobHandler(lane.kind);
          if (!handler?.batch) continue;
          const laneLease = lane.leaseMs ?? leaseMs;
          const claimed = await claimJobs(db, workerId, { limit: laneFree, leaseMs: laneLease, kinds: [lane.kind] });
          if (claimed.length === 0) continue;
          const runs = runClaimedBatch(handler.batch, claimed, { db, workerId, leaseMs: laneLease, signal: abort.signal, log });
          for (const run of runs) track(lane.inFlight, run);
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
  })();

  let stopped: Promise<void> | undefined;
  return {
    workerId,
    stop() {
      stopped ??= (async () => {
        abort.abort();
        alarm.ring();
        await loop;
        await Promise.all([...inFlight, ...lanes.flatMap((lane) => [...lane.inFlight])]);
      })();
      return stopped;
    },
    wake: () => alarm.ring(),
  };
}

/**
 * Claims and runs every job that is due, one at a time, until none is left, and returns how many ran.
 * For tests and scripts that want the queue drained deterministically rather than a polling loop.
 */
export async function runDueJobsOnce(
  db: Db,
  workerId: string,
  options: { leaseMs?: number; log?: (line: string) => void } = {},
): Promise<number> {
  const { leaseMs = DEFAULT_LEASE_MS, log = console.log } = options;
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
