import { AsyncLocalStorage } from "node:async_hooks";

interface Pending {
  effects: (() => void)[];
  /** Where each open savepoint began in `effects`, for a driver whose savepoints are statements (PGlite). */
  savepoints: number[];
}

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
  if (pending) pending.effects.push(effect);
  else effect();
}

export interface EffectScope {
  /** Runs the transaction's callback: what it asks afterCommit for is held until `committed`. */
  run<T>(callback: () => T): T;
  /** The transaction committed: a savepoint's effects join the enclosing transaction's, the outermost's run. */
  committed(): void;
  /** A statement of the transaction's own: a savepoint it sets, releases or rolls back to. */
  statement(text: string): void;
}

export function effectScope(): EffectScope {
  const outer = storage.getStore();
  const pending: Pending = { effects: [], savepoints: [] };
  return {
    run: (callback) => storage.run(pending, callback),
    committed: () => {
      if (outer) outer.effects.push(...pending.effects);
      else for (const effect of pending.effects) effect();
    },
    statement: (text) => {
      if (/^savepoint /i.test(text)) pending.savepoints.push(pending.effects.length);
      else if (/^release savepoint /i.test(text)) pending.savepoints.pop();
      else if (/^rollback to savepoint /i.test(text)) pending.effects.length = pending.savepoints.pop() ?? pending.effects.length;
    },
  };
}
