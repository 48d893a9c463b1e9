import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { DEMO } from "@/lib/seed/demo-seed";

/**
 * An instance as an operator runs it with observability on: traces exported over OTLP/HTTP to a
 * receiver on loopback (what a collector's `otlp` receiver accepts: POST /v1/traces, JSON
 * ExportTraceServiceRequest), metrics on a port of their own, and its JSON log read from standard output.
 */
const PORT = Number(process.env.E2E_OBSERVED_PORT ?? 3111);
const METRICS_PORT = PORT + 1000;
const BASE = `http://127.0.0.1:${PORT}`;
const dataDir = path.join(os.tmpdir(), "reseller-panel-e2e-observed");

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes?: { key: string; value: Record<string, unknown> }[];
}

let instance: ChildProcess;
let receiver: Server;
let log = "";
const spans: OtlpSpan[] = [];

test.describe.configure({ mode: "serial" });
test.setTimeout(180_000);

test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      if (req.method === "POST" && req.url === "/v1/traces") {
        const request = JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };
        for (const resource of request.resourceSpans) for (const scope of resource.scopeSpans) spans.push(...scope.spans);
        res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
      } else res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  rmSync(dataDir, { recursive: true, force: true });
  // The compiled server, as `npm start` runs it (the build is the one the e2e servers made).
  instance = spawn(process.execPath, ["scripts/start.mjs", "server"], {
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(PORT),
      METRICS_PORT: String(METRICS_PORT),
      METRICS_TOKEN: "",
      LOG_LEVEL: "info",
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`,
    },
  });
  instance.stdout!.on("data", (chunk: Buffer) => (log += chunk.toString("utf8")));
  instance.stderr!.on("data", (chunk: Buffer) => (log += chunk.toString("utf8")));
  await expect(async () => expect((await fetch(`${BASE}/api/health`)).status).toBe(200)).toPass({ timeout: 150_000 });
});

test.afterAll(async () => {
  instance?.kill("SIGTERM");
  await new Promise((resolve) => instance?.once("exit", resolve));
  await new Promise((resolve) => receiver?.close(resolve));
});

const logLines = () =>
  log
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

test("an API order is one trace from the request to the commit of its transaction, continuing the caller's trace", async ({ request }) => {
  const callerTrace = "5c1e0d3a9f4b4e7a8d2c6b1a0f9e8d7c";
  const response = await request.post(`${BASE}/api/v2/gift-cards`, {
    headers: { "X-API-Key": DEMO.apiKey, traceparent: `00-${callerTrace}-1a2b3c4d5e6f7081-01` },
    data: { sku: "giftcard-steam-us-20", quantity: 1 },
  });
  expect(response.status()).toBe(201);
  const order = (await response.json()) as { order_id: string; status: string };
  expect(order.status).toBe("completed");
  const echoed = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/.exec(response.headers().traceparent ?? "");
  expect(echoed?.[1]).toBe(callerTrace);

  await expect.poll(() => spans.some((span) => span.traceId === callerTrace && span.kind === 2), { timeout: 15_000 }).toBe(true);
  const trace = spans.filter((span) => span.traceId === callerTrace);
  const server = trace.find((span) => span.kind === 2)!;
  expect(server).toMatchObject({ name: "POST /api/v2/gift-cards", parentSpanId: "1a2b3c4d5e6f7081", spanId: echoed![2] });
  const byId = new Map(trace.map((span) => [span.spanId, span]));
  const within = (span: OtlpSpan): boolean => span.parentSpanId === server.spanId || (byId.has(span.parentSpanId!) && within(byId.get(span.parentSpanId!)!));
  const transactions = trace.filter((span) => span.name === "db.transaction" && within(span));
  expect(transactions.length).toBeGreaterThanOrEqual(1);
  const queries = trace.filter((span) => span.name === "db.query" && within(span));
  expect(queries.some((span) => /insert into "orders"/i.test(String(span.attributes?.find((a) => a.key === "db.query.text")?.value.stringValue)))).toBe(true);
  // The order's transaction commits before the answer ends: its span ends inside the request's.
  const last = transactions.reduce((a, b) => (BigInt(a.endTimeUnixNano) > BigInt(b.endTimeUnixNano) ? a : b));
  expect(BigInt(last.endTimeUnixNano)).toBeLessThanOrEqual(BigInt(server.endTimeUnixNano));
  // The statements' parameters (a code being stored) are never in a span.
  expect(JSON.stringify(trace)).not.toContain(DEMO.apiKey);
});

test("the metrics port counts the order, its money and the request; the app's own port does not serve them without a token", async ({ request }) => {
  const text = await (await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`)).text();
  expect(text).toMatch(/^orders_created_total\{category="giftcard"\} 1$/m);
  expect(text).toMatch(/^orders_finished_total\{category="giftcard",status="completed"\} 1$/m);
  expect(text).toMatch(/^ledger_money_usd_total\{direction="out",type="order"\} \d+(\.\d+)?$/m);
  expect(text).toMatch(/^http_requests_total\{method="POST",route="\/api\/v2\/gift-cards",status="201"\} 1$/m);
  expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="\+Inf",method="POST",route="\/api\/v2\/gift-cards"\} 1$/m);
  expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
  expect(text).toMatch(/^db_pool_size 1$/m);
  expect((await request.get(`${BASE}/metrics`)).status()).toBe(404);
});

test("the log is JSON lines: one access line for the order, by route template, naming the caller but never the key", async () => {
  await expect.poll(() => logLines().filter((line) => line.component === "access" && line.route === "/api/v2/gift-cards").length).toBe(1);
  const [line] = logLines().filter((entry) => entry.component === "access" && entry.route === "/api/v2/gift-cards");
  expect(line).toMatchObject({
    level: 30,
    msg: "request",
    method: "POST",
    status: 201,
    reseller_id: expect.stringMatching(/^usr_/),
    key_id: expect.stringMatching(/^key_/),
  });
  expect(line.request_id).toEqual(expect.any(String));
  expect(log).not.toContain(DEMO.apiKey);
});

test("a panel page's access line names the signed-in reseller", async ({ request }) => {
  const { csrfToken } = (await (await request.get(`${BASE}/api/auth/csrf`)).json()) as { csrfToken: string };
  const signIn = await request.post(`${BASE}/api/auth/callback/credentials`, {
    form: { csrfToken, email: DEMO.reseller.email, password: DEMO.reseller.password, json: "true" },
  });
  expect(signIn.status()).toBe(200);
  const dashboard = await request.get(`${BASE}/dashboard`, { maxRedirects: 0 });
  expect(dashboard.status()).toBe(200);
  await expect
    .poll(() => logLines().find((line) => line.component === "access" && line.route === "/dashboard")?.reseller_id)
    .toEqual(expect.stringMatching(/^usr_/));
});
