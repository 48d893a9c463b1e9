import type { Db } from "@/lib/db/client";
import type { Job } from "@/lib/db/schema";

export interface JobContext {
  db: Db;
  /** Aborted when the worker stops; a long handler should give up and let the job run again elsewhere. */
  signal: AbortSignal;
}

/** Resolves to finish the job, throws to fail the attempt, or asks to run again later (a poll not yet settled). */
export type JobHandler = (job: Job, ctx: JobContext) => Promise<void | { retryInMs: number }>;

/**
 * Runs claimed jobs of one kind together, so that their bookkeeping can share statements. It returns
 * one promise per job, in order, each settled once that job's outcome is recorded: the handler records
 * it itself (completing or failing the job under its claim), and its promises never reject.
 */
export type BatchJobHandler = (jobs: Job[], ctx: BatchJobContext) => Promise<unknown>[];

export interface BatchJobContext extends JobContext {
  log: (line: string) => void;
  /**
   * Runs the part of a job that takes one of the kind's slots (a webhook's request): at most `slots`
   * such parts run at once in a worker, whatever else of its jobs is under way.
   */
  inSlot: <T>(work: () => Promise<T>) => Promise<T>;
}

/** The inSlot of a batch run outside a worker's lanes (one job drained, a test): nothing to wait for. */
export const withoutSlots: BatchJobContext["inSlot"] = (work) => work();

export interface JobHandlerOptions {
  /** For kinds that run longer than the worker's default lease, so they are not claimed twice. */
  leaseMs?: number;
  /**
   * A kind that runs for good (it reschedules itself): every worker makes sure one such job exists,
   * and when its attempts run out it starts over after a pause instead of failing for good.
   */
  recurring?: boolean;
  /**
   * Runs once a job of the kind has failed its last attempt, to settle what it leaves behind (an
   * order that would otherwise stay charged and processing). Errors are logged; the job stays failed.
   */
  onGiveUp?: (job: Job, ctx: Pick<JobContext, "db">) => Promise<void>;
  /**
   * Runs the kind in a lane of its own in each worker, with this many jobs at once, instead of in the
   * general lane: jobs that wait on a third party (a supplier) then never take the slots other kinds need.
   */
  slots?: number;
}

export interface BatchJobHandlerOptions extends Omit<JobHandlerOptions, "recurring" | "onGiveUp" | "slots"> {
  /**
   * How many jobs of the kind each worker has in their slot part (BatchJobContext.inSlot) at once, in
   * slots of their own beside its other jobs. A worker claims up to twice as many, so that the next
   * ones are ready (read and recorded as started) when a slot comes free.
   */
  slots: number;
}

export type RegisteredHandler =
  | (JobHandlerOptions & { handler: JobHandler; batch?: undefined })
  | (BatchJobHandlerOptions & { batch: BatchJobHandler; handler?: undefined; recurring?: undefined; onGiveUp?: undefined });

/**
 * On globalThis because the Next.js bundle and the server script each load their own copy of this
 * module, and a worker started by one must see the handlers registered through the other.
 */
const store = globalThis as unknown as { __jobHandlers?: Map<string, RegisteredHandler> };
const handlers: Map<string, RegisteredHandler> = (store.__jobHandlers ??= new Map());

/** Registering a kind again replaces its handler, as happens when a module is reloaded in development. */
export function registerJobHandler(kind: string, handler: JobHandler, options: JobHandlerOptions = {}): void {
  handlers.set(kind, { ...options, handler });
}

/**
 * A recurring sweep: one job of the kind that runs `sweep` every `everyMs`. Its row comes back rather
 * than a new one, as enqueueing here would be deduped away by this very job, which holds the key while
 * it runs.
 */
export function registerRecurringSweep(kind: string, everyMs: number, sweep: (db: JobContext["db"]) => Promise<unknown>): void {
  registerJobHandler(
    kind,
    async (_job, { db }) => {
      await sweep(db);
      return { retryInMs: everyMs };
    },
    { recurring: true },
  );
}

/** A kind whose jobs run in batches; each worker gives it its own slots (see BatchJobHandlerOptions). */
export function registerBatchJobHandler(kind: string, batch: BatchJobHandler, options: BatchJobHandlerOptions): void {
  handlers.set(kind, { ...options, batch });
}

export function jobHandler(kind: string): RegisteredHandler | undefined {
  return handlers.get(kind);
}

export interface LaneKind {
  kind: string;
  slots: number;
  leaseMs?: number;
  /** Run through the kind's batch handler, in slots taken by inSlot. */
  batch: boolean;
}

/** The kinds that run in lanes of their own, with their slots: those that run in batches, and single ones given slots. */
export function laneJobKinds(): LaneKind[] {
  return [...handlers].flatMap(([kind, registered]): LaneKind[] =>
    registered.batch
      ? [{ kind, slots: registered.slots, leaseMs: registered.leaseMs, batch: true }]
      : registered.slots
        ? [{ kind, slots: registered.slots, leaseMs: registered.leaseMs, batch: false }]
        : [],
  );
}

/** The recurring kinds, for the worker to schedule at start. */
export function recurringJobKinds(): string[] {
  return [...handlers].filter(([, registered]) => registered.recurring).map(([kind]) => kind);
}
