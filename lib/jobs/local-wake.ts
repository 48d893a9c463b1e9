/**
 * The workers running in this process, woken when a job is committed here, so that a job due now (an
 * order to buy upstream) starts at once instead of at the worker's next poll. On globalThis because the
 * Next.js bundle and the server script each load their own copy of this module. A worker in another
 * process polls as before.
 */
const store = globalThis as unknown as { __localWorkerWakers?: Set<() => void> };
const wakers = (store.__localWorkerWakers ??= new Set());

/** Registers a worker's wake; the returned function unregisters it. */
export function onLocalJobs(wake: () => void): () => void {
  wakers.add(wake);
  return () => wakers.delete(wake);
}

export function wakeLocalWorkers(): void {
  for (const wake of wakers) wake();
}
