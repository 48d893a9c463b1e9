import { createRequire } from "node:module";
import pino, { type DestinationStream, type Logger } from "pino";
import { currentRequest } from "./request-context";

export type { Logger } from "pino";

const LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LEVELS)[number];

export function isLogLevel(value: string): value is LogLevel {
  return (LEVELS as readonly string[]).includes(value);
}

/**
 * What a line may carry is chosen where it is written (ids, never a body), and these paths are the
 * backstop: a driver error can hold the statement's parameters (a code being stored, a secret), and a
 * header object logged whole would hold a key.
 */
const REDACT = ["err.parameters", "err.args", "headers", "*.headers"];

function readable(): DestinationStream {
  // pino-pretty is a development dependency: only `npm run dev` (LOG_FORMAT=pretty) loads it.
  const pretty = createRequire(import.meta.url)("pino-pretty") as (options: object) => DestinationStream;
  return pretty({ sync: true, translateTime: "HH:MM:ss.l", ignore: "pid,hostname,service" });
}

/** Every line written while a request or a job runs names it, whichever module writes the line. */
function requestFields(): object {
  const context = currentRequest();
  if (!context) return {};
  return { request_id: context.requestId, job_id: context.jobId };
}

// One logger per process: the server's own modules and the ones Next bundles share it.
const cache = globalThis as unknown as { __appLogger?: Logger; __logRedirect?: { write(line: string): unknown } | null };

/**
 * Standard output, unless a test has redirected the log (lib/observability/testing/capture-log.ts).
 * Written asynchronously: a synchronous write per line was a tenth of a busy server's CPU, while lines
 * queued behind a write in flight go out together. pino flushes what is queued when the process exits.
 */
function output(): DestinationStream {
  const stdout = process.env.LOG_FORMAT === "pretty" ? readable() : pino.destination({ dest: 1, sync: false });
  return { write: (line: string) => (cache.__logRedirect ?? stdout).write(line) };
}

function createLogger(): Logger {
  const requested = process.env.LOG_LEVEL ?? "info";
  const level = isLogLevel(requested) ? requested : "info";
  const options = { level, base: { service: "reseller-panel", pid: process.pid }, redact: { paths: REDACT, censor: "[redacted]" }, mixin: requestFields };
  return pino(options, output());
}

/** The process's logger: JSON lines on standard output, the level from LOG_LEVEL (info by default). */
export function logger(): Logger {
  return (cache.__appLogger ??= createLogger());
}

/** A logger for one part of the process (`server`, `worker`, `api`, `webhooks` ...), named in each line. */
export function componentLogger(component: string): Logger {
  return logger().child({ component });
}
