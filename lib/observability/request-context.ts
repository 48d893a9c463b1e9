import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type { Span } from "@opentelemetry/api";

/**
 * What the access line and every log line of one request (or one job's run) say about it, filled in as
 * the request learns it.
 */
export interface RequestContext {
  /** A request's own id; in a job's run, the id of the request that enqueued it, where one did. */
  requestId?: string;
  /** The W3C trace context the request came with, kept so that its trace goes on through this service. */
  traceparent?: string | null;
  /** The route template (`/api/v2/orders/[id]`), never the raw path with its ids. */
  route?: string;
  jobId?: number;
  resellerId?: string;
  keyId?: string | null;
  /** The request's span while traces are exported (OTEL_EXPORTER_OTLP_ENDPOINT). */
  span?: Span;
}

// One store per process: the server's own modules and the route modules Next bundles must share it.
const cache = globalThis as unknown as { __requestContext?: AsyncLocalStorage<RequestContext> };
const storage = (cache.__requestContext ??= new AsyncLocalStorage<RequestContext>());

export function runInRequestContext<T>(context: RequestContext, run: () => T): T {
  return storage.run(context, run);
}

/** The request being served, or undefined outside one (a job, a test calling a handler directly). */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}

/** The id the answer and every log line of this request carry; a new one outside a request. */
export function currentRequestId(): string {
  return storage.getStore()?.requestId ?? randomUUID();
}

/** Records who called, for the access line, once the API or the panel has resolved the caller. */
export function noteCaller(resellerId: string, keyId: string | null): void {
  const context = storage.getStore();
  if (!context) return;
  context.resellerId = resellerId;
  context.keyId = keyId;
}
