import { AsyncLocalStorage } from "node:async_hooks";

type Pending = (() => void)[];

// Shared by the server's modules and Next's bundles, as the database client is.
const cache = globalThis as unknown as { __afterCommit?: AsyncLocalStorage<Pending> };
const storage = (cache.__afterCommit ??= new AsyncLocalStorage<Pending>());

/**
 * Runs `effect` once the transaction it is called in commits, and never if it rolls back; at once
 * outside a transaction. For what must not count a write that did not happen: the metrics of orders
 * and of the ledger's money.
 */
export function afterCommit(effect: () => void): void {
  const pending = storage.getStore();
  if (pending) pending.push(effect);
  else effect();
}

export interface EffectScope {
  /** Runs the transaction's callback: what it asks afterCommit for is held until `committed`. */
  run<T>(callback: () => T): T;
  /** The transaction committed: a savepoint's effects join the enclosing transaction's, the outermost's run. */
  committed(): void;
}

export function effectScope(): EffectScope {
  const outer = storage.getStore();
  const pending: Pending = [];
  return {
    run: (callback) => storage.run(pending, callback),
    committed: () => {
      if (outer) outer.push(...pending);
      else for (const effect of pending) effect();
    },
  };
}
