/**
 * The connection-level failures of postgres.js and of the network under it: the database could not be
 * reached or dropped the connection. Anything else (a constraint, a syntax error) is a failure of ours.
 */
const CONNECTION_CODES = new Set([
  "CONNECTION_CLOSED",
  "CONNECTION_DESTROYED",
  "CONNECTION_ENDED",
  "CONNECT_TIMEOUT",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
]);

/** SQLSTATEs of a server that is shutting down, starting, or refusing connections (class 08, and 57P01-57P03). */
const SHUTDOWN_STATES = new Set(["57P01", "57P02", "57P03"]);

function unreachableCause(error: object): boolean {
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  if (typeof code === "string" && (CONNECTION_CODES.has(code) || SHUTDOWN_STATES.has(code) || code.startsWith("08"))) return true;
  // FATAL ends the session: "database is not currently accepting connections", "too many clients", a
  // terminated backend. A statement's own error is ERROR, never FATAL.
  return severity === "FATAL" || severity === "PANIC";
}

/** Whether this error, or one it was caused by (drizzle wraps the driver's), says the database is unreachable. */
export function isDatabaseUnreachable(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let current = error; current && typeof current === "object" && !seen.has(current); current = (current as { cause?: unknown }).cause) {
    seen.add(current);
    if (unreachableCause(current)) return true;
  }
  return false;
}
