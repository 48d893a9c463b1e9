import { AsyncLocalStorage } from "node:async_hooks";

/** Thrown at a statement (or a commit) that a request would make after its deadline. */
export class DeadlinePassed extends Error {
  constructor() {
    super("The request's deadline passed: its statement was not run and its transaction rolled back.");
    this.name = "DeadlinePassed";
  }
}

interface DeadlineScope {
  passed: boolean;
}

const scopes = new AsyncLocalStorage<DeadlineScope>();

export interface Deadline {
  /** Refuses the scope's statements from now on. */
  pass(): void;
}

/**
 * Runs `fn` with a deadline its database work honours (lib/db/client.ts): once passed, every statement
 * it would still send is refused, and a transaction whose callback ends after it rolls back instead of
 * committing, so its connection goes back to the pool with nothing of the request on it. A statement
 * already running ends at the sessions' statement_timeout at the latest. It is not cancelled: a cancel
 * request names a backend, not a statement, and one that arrived late would cancel another request's.
 */
export function withDeadline<T>(fn: (deadline: Deadline) => Promise<T>): Promise<T> {
  const scope: DeadlineScope = { passed: false };
  return scopes.run(scope, () => fn({ pass: () => (scope.passed = true) }));
}

/** Throws DeadlinePassed in a request whose deadline has passed. */
export function assertBeforeDeadline(): void {
  if (scopes.getStore()?.passed) throw new DeadlinePassed();
}
