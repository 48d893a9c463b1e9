import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { SpanKind, SpanStatusCode } from "@opentelemetry/api";
import { targetPath } from "@/lib/http/url-path";
import { EchoingResponse } from "./echoing-response";
import { accessLogger } from "./logger";
import { metrics } from "./metrics";
import { runInRequestContext, type RequestContext } from "./request-context";
import { parseTraceparent, usableRequestId } from "./request-id";
import type { RouteTemplateOf } from "./route-templates";
import { remoteContext, startSpan, withSpanContext } from "./tracing";

/** What the server answers before Next: named as they are, since no build lists them. */
const SERVER_ROUTES = new Set(["/api/health", "/api/health/live", "/api/health/ready", "/metrics"]);
/** Probes every few seconds and Next's assets: at debug, so that the info log is the requests people make. */
const QUIET_ROUTES = new Set(["/api/health", "/api/health/live", "/api/health/ready", "/metrics", "/_next"]);

export interface ObserverOptions {
  trustProxy: boolean;
  routeOf: RouteTemplateOf;
}

/**
 * Gives a request its id (a trusted proxy's X-Request-Id, or a new one) and keeps the W3C `traceparent`
 * it came with, echoing both; runs `serve` inside the request's context (and its span when traces are
 * exported); and when the answer ends writes the one access line and counts the request.
 */
export function observeRequest(req: IncomingMessage, res: ServerResponse, options: ObserverOptions, serve: () => void): void {
  const started = performance.now();
  const requestId = (options.trustProxy && usableRequestId(req.headers["x-request-id"])) || randomUUID();
  const incomingTrace = parseTraceparent(req.headers.traceparent) ? (req.headers.traceparent as string) : null;
  // Handlers behind this read the id from the header too (Next's, which may run outside this context).
  req.headers["x-request-id"] = requestId;
  const pathname = targetPath(req.url) ?? "/";
  const route = SERVER_ROUTES.has(pathname) ? pathname : options.routeOf(pathname);
  const method = req.method ?? "GET";
  const request: RequestContext = { requestId, traceparent: incomingTrace, route };

  const traced = startSpan(
    `${method} ${route}`,
    { "http.request.method": method, "http.route": route, "url.path": pathname },
    {
      kind: SpanKind.SERVER,
      parent: incomingTrace ? remoteContext(req.headers) : undefined,
    },
  );
  const echoed = ["x-request-id", requestId];
  if (traced) {
    const { traceId, spanId, traceFlags } = traced.span.spanContext();
    echoed.push("traceparent", `00-${traceId}-${spanId}-0${traceFlags.toString(16)}`);
  } else if (incomingTrace) echoed.push("traceparent", incomingTrace);
  if (res instanceof EchoingResponse) res.echo(echoed);
  else for (let i = 0; i < echoed.length; i += 2) res.setHeader(echoed[i], echoed[i + 1]);

  let logged = false;
  const finish = () => {
    if (logged) return;
    logged = true;
    const seconds = (performance.now() - started) / 1000;
    const status = res.writableFinished ? res.statusCode : 499;
    const counted = metrics();
    counted.httpRequests.inc({ method, route, status });
    counted.httpDuration.observe({ method, route }, seconds);
    if (traced) {
      traced.span.setAttribute("http.response.status_code", status);
      if (status >= 500) traced.span.setStatus({ code: SpanStatusCode.ERROR });
      traced.span.end();
    }
    const line = {
      method,
      route,
      status,
      duration_ms: Math.round(seconds * 10_000) / 10,
      request_id: requestId,
      ...(request.resellerId ? { reseller_id: request.resellerId, key_id: request.keyId ?? null } : {}),
      ...(traced ? { trace_id: traced.span.spanContext().traceId } : incomingTrace ? { trace_id: incomingTrace.slice(3, 35) } : {}),
    };
    const log = accessLogger();
    if (QUIET_ROUTES.has(route)) log.debug(line, "request");
    else log.info(line, "request");
  };
  res.once("finish", finish);
  res.once("close", finish);
  runInRequestContext(request, () => withSpanContext(traced?.context, serve));
}
