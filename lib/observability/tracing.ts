import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Span } from "@opentelemetry/api";
import type { TracerProvider } from "@opentelemetry/sdk-trace";

export { SpanKind } from "@opentelemetry/api";

interface Tracing {
  provider: TracerProvider;
}

// Set once per process when OTEL_EXPORTER_OTLP_ENDPOINT is; Next's bundles and the server's modules share it.
const cache = globalThis as unknown as { __tracing?: Tracing | null };

/**
 * Starts exporting traces over OTLP/HTTP (JSON) when OTEL_EXPORTER_OTLP_ENDPOINT is set; the exporter
 * reads that variable and OTEL_EXPORTER_OTLP_HEADERS itself. Without it nothing is set up, and every
 * `inSpan` below is a plain call.
 */
export async function startTracing(serviceName: string): Promise<boolean> {
  if (cache.__tracing !== undefined) return cache.__tracing !== null;
  if (!process.env.OTEL_EXPORTER_OTLP_ENDPOINT) {
    cache.__tracing = null;
    return false;
  }
  // The SDK is a fifth of a second of loading: only a process that exports traces pays it.
  const [
    { AsyncLocalStorageContextManager },
    { W3CTraceContextPropagator },
    { OTLPTraceExporter },
    { resourceFromAttributes },
    { BatchSpanProcessor, TracerProvider },
  ] = await Promise.all([
    import("@opentelemetry/context-async-hooks"),
    import("@opentelemetry/core"),
    import("@opentelemetry/exporter-trace-otlp-http"),
    import("@opentelemetry/resources"),
    import("@opentelemetry/sdk-trace"),
  ]);
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ "service.name": process.env.OTEL_SERVICE_NAME ?? serviceName }),
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter(), scheduledDelayMillis: 1_000 })],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  cache.__tracing = { provider };
  return true;
}

/** Sends what is still buffered: a stopping process's last spans. */
export async function stopTracing(): Promise<void> {
  await cache.__tracing?.provider.shutdown();
}

export function tracingOn(): boolean {
  return Boolean(cache.__tracing);
}

function tracer() {
  return trace.getTracer("reseller-panel");
}

/** The context an incoming request's `traceparent` names, so that its trace goes on here. */
export function remoteContext(headers: Record<string, string | string[] | undefined>): Context {
  return propagation.extract(ROOT_CONTEXT, headers);
}

/**
 * Runs `work` in a span of its own, a child of the span it is called in, ended when the work settles and
 * marked as an error when it throws. A plain call when traces are off.
 */
export function inSpan<T>(
  name: string,
  attributes: Attributes,
  work: (span: Span | null) => Promise<T>,
  options: { kind?: SpanKind; parent?: Context } = {},
): Promise<T> {
  if (!cache.__tracing) return work(null);
  const parent = options.parent ?? context.active();
  return tracer().startActiveSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, attributes }, parent, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Starts a span the caller ends (a request whose end is an event, not a promise); null when traces are off. */
export function startSpan(name: string, attributes: Attributes, options: { kind?: SpanKind; parent?: Context } = {}): { span: Span; context: Context } | null {
  if (!cache.__tracing) return null;
  const parent = options.parent ?? context.active();
  const span = tracer().startSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, attributes }, parent);
  return { span, context: trace.setSpan(parent, span) };
}

/** Runs `work` with `spanContext` as the active one, so that the spans it starts are its children. */
export function withSpanContext<T>(spanContext: Context | undefined, work: () => T): T {
  return spanContext ? context.with(spanContext, work) : work();
}

/** The `traceparent` to send on an outbound call made in the current span; null when traces are off. */
export function outboundTraceHeaders(): Record<string, string> {
  if (!cache.__tracing) return {};
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier;
}

/**
 * A span for one statement, its text as `db.query.text` (the parameters, which may be a code or a
 * secret, are never recorded). The driver's query runs only once awaited, and its own methods
 * (`.values()`) must stay usable, so the span ends from the query's own `then`.
 */
export function tracedQuery<Q extends PromiseLike<unknown>>(text: string, query: Q): Q {
  if (!cache.__tracing) return query;
  const span = tracer().startSpan(
    "db.query",
    { kind: SpanKind.CLIENT, attributes: { "db.system.name": "postgresql", "db.query.text": text } },
    context.active(),
  );
  const then = query.then.bind(query);
  let ended = false;
  const end = (failed: boolean) => {
    if (ended) return;
    ended = true;
    if (failed) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  };
  return Object.assign(query, {
    then: (onFulfilled?: (value: unknown) => unknown, onRejected?: (reason: unknown) => unknown) =>
      then(
        (value) => {
          end(false);
          return onFulfilled ? onFulfilled(value) : value;
        },
        (reason: unknown) => {
          end(true);
          if (onRejected) return onRejected(reason);
          throw reason;
        },
      ),
  });
}
