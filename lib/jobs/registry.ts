import type { Db } from "@/lib/db/client";
import type { Job } from "@/lib/db/schema";

export interface JobContext {
  db: Db;
  /** Aborted when the worker stops; a long handler should give up and let the job run again elsewhere. */
  signal: AbortSignal;
}

/** Resolves to finish the job, throws to fail the attempt, or asks to run again later (a poll not yet settled). */
export type JobHandler = (job: Job, ctx: JobContext) => Promise<void | { retryInMs: number }>;

export interface JobHandlerOptions {
  /** For kinds that run longer than the worker's default lease, so they are not claimed twice. */
  leaseMs?: number;
  /** A kind that runs for good (it reschedules itself): every worker makes sure one such job exists. */
  recurring?: boolean;
}

export interface RegisteredHandler extends JobHandlerOptions {
  handler: JobHandler;
}

/**
 * On globalThis because the Next.js bundle and the server script each load their own copy of this
 * module, and a worker started by one must see the handlers registered through the other.
 */
const store = globalThis as unknown as { __jobHandlers?: Map<string, RegisteredHandler> };
const handlers = (store.__jobHandlers ??= new Map());

/** Registering a kind again replaces its handler, as happens when a module is reloaded in development. */
export function registerJobHandler(kind: string, handler: JobHandler, options: JobHandlerOptions = {}): void {
  handlers.set(kind, { ...options, handler });
}

export function jobHandler(kind: string): RegisteredHandler | undefined {
  return handlers.get(kind);
}

/** The recurring kinds, for the worker to schedule at start. */
export function recurringJobKinds(): string[] {
  return [...handlers].filter(([, registered]) => registered.recurring).map(([kind]) => kind);
}
