/*
 * The load generators, run in the orchestrator (a process of its own, apart from every server):
 * autocannon with fixed connections for throughput, and an open-loop paced generator over fixed
 * connections for latency at a set rate.
 */
import http from "node:http";
import type { Socket } from "node:net";
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
  /** Connections the generator had to open during the measured seconds: 0 when the fixed ones carried it all. */
  newConnections: number;
}

export interface PacedOptions {
  rate: number;
  seconds: number;
  /** Keep-alive connections, all opened before the warm-up; a request finding none free waits for one. */
  connections: number;
  /** Seconds at the same rate before the measured ones, not counted. */
  warmSeconds: number;
}

/**
 * Open loop over fixed connections, as wrk2 measures: requests leave on a fixed schedule whatever the
 * server does, and each latency counts from its scheduled time, so a stall is not hidden by the
 * generator waiting for it (a request that finds every connection busy waits, and that wait counts).
 *
 * The connections are fixed, like those of every throughput run, and opened first. A generator that
 * opens a new connection whenever the open ones are busy (as it did until the fourteenth pass) turns
 * any hiccup into a burst of TCP handshakes and first requests, which costs both sides more CPU and so
 * feeds itself: the slow requests it measured were all first requests on new connections (docs/performance.md,
 * the fourteenth pass). `fifo` takes the connections in turn, so none sits idle long enough for the server's
 * keep-alive timeout to close it.
 */
export async function pacedLatency(target: Target, options: PacedOptions): Promise<LatencyRun> {
  const url = new URL(target.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections, scheduling: "fifo" });
  try {
    const seen = new WeakSet<Socket>();
    await Promise.all(Array.from({ length: options.connections }, () => send(url, target, agent, seen)));
    await paced(url, target, agent, seen, options.rate, options.warmSeconds);
    return await paced(url, target, agent, seen, options.rate, options.seconds);
  } finally {
    agent.destroy();
  }
}

interface Sent {
  ok: boolean;
  newConnection: boolean;
}

function send(url: URL, target: Target, agent: http.Agent, seen: WeakSet<Socket>): Promise<Sent> {
  return new Promise((resolve) => {
    let newConnection = false;
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: target.method ?? "GET",
        headers: target.headers,
        agent,
        timeout: 30_000,
      },
      (response) => {
        response.resume();
        response.once("end", () => resolve({ ok: response.statusCode !== undefined && response.statusCode < 300, newConnection }));
      },
    );
    // Not request.reusedSocket: a request that waited in the agent's queue is handed a kept socket without it.
    request.once("socket", (socket) => {
      newConnection = !seen.has(socket);
      seen.add(socket);
    });
    request.once("error", () => resolve({ ok: false, newConnection }));
    request.once("timeout", () => request.destroy(new Error("timeout")));
    request.end(target.body);
  });
}

async function paced(url: URL, target: Target, agent: http.Agent, seen: WeakSet<Socket>, rate: number, seconds: number): Promise<LatencyRun> {
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  let failed = 0;
  let newConnections = 0;
  let sent = 0;
  const started = performance.now();
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && started + sent * interval <= now) {
        const scheduled = started + sent * interval;
        pending.push(
          send(url, target, agent, seen).then((result) => {
            if (result.ok) latencies.push(performance.now() - scheduled);
            else failed++;
            if (result.newConnection) newConnections++;
          }),
        );
        sent++;
      }
      if (sent < total) setTimeout(tick, Math.max(0, started + sent * interval - performance.now()));
      else resolve();
    };
    tick();
  });
  await Promise.all(pending);
  latencies.sort((a, b) => a - b);
  return {
    rate,
    sent,
    ok: latencies.length,
    failed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? NaN,
    newConnections,
  };
}
