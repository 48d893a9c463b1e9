/*
 * The load generators, run in the orchestrator (a process of its own, apart from every server):
 * autocannon with fixed connections for throughput, and an open-loop paced generator for latency
 * at a set rate.
 */
import http from "node:http";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";

export interface Target {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
}

export interface ThroughputRun {
  /** 2xx responses per second. */
  rate: number;
  ok: number;
  other: Record<string, number>;
  errors: number;
  p99: number;
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * The median of the ratios of paired runs, a[i] / b[i]. Each pair's two runs were measured one after
 * the other (the order alternating), so drift in the machine's speed falls on both; the ratio of the
 * two medians can instead divide a run from a fast minute by one from a slow one.
 */
export const pairedRatio = (a: number[], b: number[]): number => median(a.map((value, i) => value / b[i]));

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

/** One closed-loop run: `connections` keep-alive connections, each with one request in flight. */
export async function throughput(target: Target, options: { connections: number; seconds: number }): Promise<ThroughputRun> {
  const instance = autocannon({
    url: target.url,
    method: target.method ?? "GET",
    headers: target.headers,
    body: target.body,
    connections: options.connections,
    duration: options.seconds,
    timeout: 30,
  });
  const latencies: number[] = [];
  instance.on("response", (_client: unknown, status: number, _bytes: number, ms: number) => {
    if (status >= 200 && status < 300) latencies.push(ms);
  });
  const result = await instance;
  const other: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats)) if (!code.startsWith("2")) other[code] = count;
  latencies.sort((a, b) => a - b);
  return { rate: result["2xx"] / result.duration, ok: result["2xx"], other, errors: result.errors + result.timeouts, p99: percentile(latencies, 99) };
}

export interface LatencyRun {
  rate: number;
  sent: number;
  ok: number;
  failed: number;
  p50: number;
  p99: number;
  max: number;
}

/**
 * Open loop: requests leave on a fixed schedule (rate per second) whatever the server does, and each
 * latency counts from its scheduled time, so a stall is not hidden by the generator waiting for it.
 */
export async function pacedLatency(target: Target, options: { rate: number; seconds: number }): Promise<LatencyRun> {
  const url = new URL(target.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const total = Math.round(options.rate * options.seconds);
  const interval = 1000 / options.rate;
  const latencies: number[] = [];
  let failed = 0;
  let sent = 0;
  let settled = 0;
  const started = performance.now();
  await new Promise<void>((resolve) => {
    const finishOne = () => {
      settled++;
      if (settled === total) resolve();
    };
    const fire = (scheduled: number) => {
      const request = http.request(
        { host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method: target.method ?? "GET", headers: target.headers, agent, timeout: 30_000 },
        (response) => {
          response.resume();
          response.once("end", () => {
            if (response.statusCode && response.statusCode < 300) latencies.push(performance.now() - scheduled);
            else failed++;
            finishOne();
          });
        },
      );
      request.once("error", () => {
        failed++;
        finishOne();
      });
      request.once("timeout", () => request.destroy(new Error("timeout")));
      request.end(target.body);
    };
    const tick = () => {
      const now = performance.now();
      while (sent < total && started + sent * interval <= now) {
        fire(started + sent * interval);
        sent++;
      }
      if (sent < total) setTimeout(tick, Math.max(0, started + sent * interval - performance.now()));
    };
    tick();
  });
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { rate: options.rate, sent, ok: latencies.length, failed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies[latencies.length - 1] ?? NaN };
}
