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
const cache = globalThis as unknown as {
  __appLogger?: Logger;
  __accessLogger?: Logger;
  __logOutput?: DestinationStream;
  __logRedirect?: { write(line: string): unknown } | null;
};

/** Lines are written once this much is queued ... */
const LOG_BATCH_BYTES = 8192;
/** ... or once this long has passed since the last write, whichever comes first. */
const LOG_FLUSH_MS = 100;

/**
 * Standard output, unless a test has redirected the log (lib/observability/testing/capture-log.ts).
 * Written asynchronously and in batches: a write per access line was a tenth of the API wrapper's CPU
 * (a system call each, at thousands of requests a second), so lines are written once 8 KiB are queued
 * or every 100 ms, and a reader of the log sees a line at most that late. pino writes what is queued
 * when the process exits, a stop on a signal included; only a SIGKILL loses the last 100 ms.
 */
function output(): DestinationStream {
  const stdout =
    process.env.LOG_FORMAT === "pretty" ? readable() : pino.destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS });
  return { write: (line: string) => (cache.__logRedirect ?? stdout).write(line) };
}

/** One stream for every logger of the process, so that their lines never interleave mid-line. */
const sharedOutput = () => (cache.__logOutput ??= output());

function level(): LogLevel {
  const requested = process.env.LOG_LEVEL ?? "info";
  return isLogLevel(requested) ? requested : "info";
}

const BASE = () => ({ service: "reseller-panel", pid: process.pid });

function createLogger(): Logger {
  const options = { level: level(), base: BASE(), redact: { paths: REDACT, censor: "[redacted]" }, mixin: requestFields };
  return pino(options, sharedOutput());
}

/** The process's logger: JSON lines on standard output, the level from LOG_LEVEL (info by default). */
export function logger(): Logger {
  return (cache.__appLogger ??= createLogger());
}

/**
 * The access log's own logger: the same lines as componentLogger("access") would write, without the
 * redaction paths and the request mixin that each line of it would otherwise pay for. Its lines are
 * built field by field by the request observer (ids, never a header or a body), and already name
 * their request.
 */
export function accessLogger(): Logger {
  return (cache.__accessLogger ??= pino({ level: level(), base: { ...BASE(), component: "access" } }, sharedOutput()));
}

/** A logger for one part of the process (`server`, `worker`, `api`, `webhooks` ...), named in each line. */
export function componentLogger(component: string): Logger {
  return logger().child({ component });
}
