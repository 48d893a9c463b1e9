import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/** Seconds, from a millisecond to the request deadline's order: API calls, webhook deliveries, supplier calls. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: "http_requests_total",
      help: "Requests answered, by route template and status.",
      labelNames: ["method", "route", "status"],
      registers,
    }),
    httpDuration: new Histogram({
      name: "http_request_duration_seconds",
      help: "Time from a request's arrival to the end of its answer, by route template.",
      labelNames: ["method", "route"],
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    rateLimitRefusals: new Counter({
      name: "rate_limit_refusals_total",
      help: "Calls refused by a rate limit, by category.",
      labelNames: ["category"],
      registers,
    }),
    ordersCreated: new Counter({ name: "orders_created_total", help: "Orders placed (committed), by product category.", labelNames: ["category"], registers }),
    ordersFinished: new Counter({
      name: "orders_finished_total",
      help: "Orders that reached completed, failed or refunded (committed), by product category and status.",
      labelNames: ["category", "status"],
      registers,
    }),
    ledgerMoney: new Counter({
      name: "ledger_money_usd_total",
      help: "Money posted to resellers' ledgers (committed), in dollars: in (top-ups, refunds, credits) and out (charges, debits), by entry type.",
      labelNames: ["direction", "type"],
      registers,
    }),
    jobFailures: new Counter({
      name: "job_failures_total",
      help: "Job runs that failed (retried or given up), by kind.",
      labelNames: ["kind", "final"],
      registers,
    }),
    webhookDeliveries: new Counter({ name: "webhook_deliveries_total", help: "Webhook delivery attempts, by outcome.", labelNames: ["outcome"], registers }),
    webhookDuration: new Histogram({
      name: "webhook_delivery_duration_seconds",
      help: "Webhook delivery attempts' time to an answer.",
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    chainScanErrors: new Counter({ name: "chain_watcher_errors_total", help: "Chain watcher scans that failed.", registers }),
    supplierCalls: new Counter({
      name: "supplier_calls_total",
      help: "Calls to upstream suppliers, by supplier kind, operation and outcome.",
      labelNames: ["kind", "operation", "outcome"],
      registers,
    }),
    supplierDuration: new Histogram({
      name: "supplier_call_duration_seconds",
      help: "Calls to upstream suppliers' time to an answer, by supplier kind.",
      labelNames: ["kind"],
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    dbInUse: new Gauge({
      name: "db_connections_in_use",
      help: "Database connections this process is using now (a query or a transaction on each).",
      registers,
    }),
    dbPoolSize: new Gauge({ name: "db_pool_size", help: "The most database connections this process opens.", registers }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

// One registry per process: the server's own modules and the route modules Next bundles count into it.
const cache = globalThis as unknown as { __appMetrics?: Metrics };

export function metrics(): Metrics {
  return (cache.__appMetrics ??= createMetrics());
}

/** Micro-dollars as the dollars a metric counts: a float is fine here, it is never money again. */
export function dollars(micros: bigint): number {
  return Number(micros) / 1_000_000;
}
