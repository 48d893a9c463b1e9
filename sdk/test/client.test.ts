import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { ResellerApiError, ResellerClient, ResellerNetworkError } from "../src/index";
import { backoffDelay, DEFAULT_RETRY } from "../src/retry";

/*
 * The client against a real HTTP server in this process that answers as scripted, so that retries,
 * back-off, Retry-After and the idempotency key are seen on the wire. The SDK against the app itself
 * is e2e/api/sdk.spec.ts.
 */

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}
type Answer = (request: Seen, index: number, res: ServerResponse) => void;

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? (server.closeAllConnections(), server.close(() => resolve())) : resolve()));
  server = undefined;
});

async function scripted(...answers: Answer[]): Promise<{ baseUrl: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request = { method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      const index = seen.push(request) - 1;
      answers[Math.min(index, answers.length - 1)](request, index, res);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { baseUrl: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, seen };
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Answer =>
  (_request, _index, res) =>
    res.writeHead(status, { "Content-Type": "application/json", "X-Request-Id": "req_test", ...headers }).end(JSON.stringify(body));
const apiError = (status: number, code: string, retryable: boolean, headers: Record<string, string> = {}) =>
  json(status, { error: { code, message: `${code} happened`, retryable, request_id: "req_body", details: {} } }, headers);
const dropped: Answer = (_request, _index, res) => res.socket?.destroy();

const ORDER = { order_id: "ord_1", status: "processing" };

function clientFor(baseUrl: string, retry: Partial<typeof DEFAULT_RETRY> = {}) {
  const waits: number[] = [];
  const client = new ResellerClient({
    baseUrl: `${baseUrl}/`,
    apiKey: "rk_live_test",
    retry: { baseDelayMs: 100, random: () => 0.5, sleep: async (ms) => void waits.push(ms), ...retry },
  });
  return { client, waits };
}

describe("ResellerClient retries", () => {
  it("retries a retryable error with growing, jittered back-off and one Idempotency-Key for every attempt of a create", async () => {
    const { baseUrl, seen } = await scripted(apiError(503, "service_unavailable", true), apiError(500, "internal_error", true), json(201, ORDER));
    const { client, waits } = clientFor(baseUrl);
    expect(await client.createOrder({ body: { sku: "giftcard-steam-us-10", quantity: 1, fields: {} } })).toEqual(ORDER);
    expect(waits).toEqual([75, 150]);
    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual(Array(3).fill("POST /api/v2/order"));
    const keys = seen.map((request) => request.headers["idempotency-key"]);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
    expect(seen[0].headers["x-api-key"]).toBe("rk_live_test");
    expect(JSON.parse(seen[0].body)).toEqual({ sku: "giftcard-steam-us-10", quantity: 1, fields: {} });
  });

  it("gives each create its own key, and keeps the caller's", async () => {
    const { baseUrl, seen } = await scripted(json(201, ORDER));
    const { client } = clientFor(baseUrl);
    const body = { sku: "giftcard-steam-us-10", quantity: 1, fields: {} };
    await client.createOrder({ body });
    await client.createOrder({ body });
    await client.createOrder({ body, headers: { "Idempotency-Key": "mine-1" } });
    const keys = seen.map((request) => request.headers["idempotency-key"]);
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[2]).toBe("mine-1");
  });

  it("waits what Retry-After says on a 429", async () => {
    const { baseUrl, seen } = await scripted(apiError(429, "rate_limited", true, { "Retry-After": "2" }), json(200, { balance: "1.00", currency: "USD" }));
    const { client, waits } = clientFor(baseUrl);
    expect(await client.getBalance()).toEqual({ balance: "1.00", currency: "USD" });
    expect(waits).toEqual([2000]);
    expect(seen).toHaveLength(2);
  });

  it("shows every answer's status and headers to onResponse, retried attempts included", async () => {
    const { baseUrl } = await scripted(apiError(503, "service_unavailable", true), json(200, ORDER, { "Idempotent-Replayed": "true", ETag: '"v1"' }));
    const answers: string[] = [];
    const client = new ResellerClient({
      baseUrl,
      apiKey: "k",
      retry: { sleep: async () => undefined },
      onResponse: ({ operationId, attempt, status, headers }) =>
        answers.push(`${operationId} ${attempt} ${status} ${headers.get("Idempotent-Replayed")} ${headers.get("ETag")}`),
    });
    await client.createOrder({ body: { sku: "x", quantity: 1, fields: {} } });
    expect(answers).toEqual(["createOrder 1 503 null null", 'createOrder 2 200 true "v1"']);
  });

  it("gives up at once when Retry-After is longer than the longest wait", async () => {
    const { baseUrl, seen } = await scripted(apiError(429, "rate_limited", true, { "Retry-After": "90" }));
    const { client, waits } = clientFor(baseUrl);
    const error = await client.getBalance().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResellerApiError);
    expect(error).toMatchObject({ status: 429, code: "rate_limited", retryable: true, retryAfterSeconds: 90, requestId: "req_body" });
    expect(waits).toEqual([]);
    expect(seen).toHaveLength(1);
  });

  it("stops after maxAttempts and throws the last error", async () => {
    const { baseUrl, seen } = await scripted(apiError(503, "service_unavailable", true));
    const { client, waits } = clientFor(baseUrl, { maxAttempts: 3 });
    await expect(client.getMe()).rejects.toMatchObject({ status: 503, code: "service_unavailable" });
    expect(seen).toHaveLength(3);
    expect(waits).toEqual([75, 150]);
  });

  it("throws a non-retryable error at once, with the API's fields", async () => {
    const { baseUrl, seen } = await scripted(apiError(402, "insufficient_balance", false));
    const { client } = clientFor(baseUrl);
    const error = (await client.createOrder({ body: { sku: "x", quantity: 1, fields: {} } }).catch((caught: unknown) => caught)) as ResellerApiError;
    expect(error).toBeInstanceOf(ResellerApiError);
    expect({ ...error, message: error.message }).toMatchObject({
      status: 402,
      code: "insufficient_balance",
      message: "insufficient_balance happened",
      retryable: false,
      requestId: "req_body",
      details: {},
    });
    expect(seen).toHaveLength(1);
  });

  it("reads an answer without the API's error body by its status", async () => {
    const { baseUrl } = await scripted((_request, _index, res) =>
      res.writeHead(502, { "Content-Type": "text/html", "X-Request-Id": "req_proxy" }).end("<h1>Bad gateway</h1>"),
    );
    const { client } = clientFor(baseUrl, { maxAttempts: 2 });
    await expect(client.getMe()).rejects.toMatchObject({ status: 502, code: "internal_error", retryable: true, requestId: "req_proxy" });
  });

  it("retries a create whose answer was lost, under the same key", async () => {
    const { baseUrl, seen } = await scripted(dropped, json(200, ORDER, { "Idempotent-Replayed": "true" }));
    const { client, waits } = clientFor(baseUrl);
    expect(await client.createOrder({ body: { sku: "giftcard-steam-us-10", quantity: 1, fields: {} } })).toEqual(ORDER);
    expect(waits).toEqual([75]);
    expect(seen[0].headers["idempotency-key"]).toBe(seen[1].headers["idempotency-key"]);
  });

  it("does not repeat a POST without an idempotency key whose answer was lost: it may have been applied", async () => {
    const { baseUrl, seen } = await scripted(dropped, json(200, {}));
    const { client, waits } = clientFor(baseUrl);
    const error = await client.renewSubscription({ body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResellerNetworkError);
    expect((error as Error).message).toContain("POST /api/v2/subscription/renew: no answer");
    expect(seen).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it("counts an attempt that takes too long as lost", async () => {
    const { baseUrl, seen } = await scripted(() => undefined, json(200, { balance: "2.00", currency: "USD" }));
    const waits: number[] = [];
    const client = new ResellerClient({ baseUrl, apiKey: "k", timeoutMs: 200, retry: { sleep: async (ms) => void waits.push(ms), random: () => 0 } });
    expect(await client.getBalance()).toEqual({ balance: "2.00", currency: "USD" });
    expect(seen).toHaveLength(2);
    expect(waits).toEqual([250]);
  });
});

describe("ResellerClient requests", () => {
  it("fills the path template and the query, leaving out what is undefined", async () => {
    const { baseUrl, seen } = await scripted(json(200, ORDER));
    const { client } = clientFor(baseUrl);
    await client.getOrder({ path: { orderId: "ord_a/b" } });
    await client.listOrders({ query: { status: "completed", limit: 5, reference: undefined } });
    expect(seen.map((request) => request.url)).toEqual(["/api/v2/order/ord_a%2Fb", "/api/v2/orders?status=completed&limit=5"]);
    expect(seen[0].headers["idempotency-key"]).toBeUndefined();
  });

  it("paginates by next_cursor until it is null", async () => {
    const pages: Record<string, unknown> = {
      "": { data: [{ order_id: "ord_3" }, { order_id: "ord_2" }], next_cursor: "c2" },
      c2: { data: [{ order_id: "ord_1" }], next_cursor: null },
    };
    const { baseUrl, seen } = await scripted((request, _index, res) =>
      json(200, pages[new URL(request.url, "http://x").searchParams.get("cursor") ?? ""])(request, 0, res),
    );
    const { client } = clientFor(baseUrl);
    const ids: string[] = [];
    for await (const order of client.paginate("listOrders", { query: { status: "completed", limit: 2 } })) ids.push(order.order_id);
    expect(ids).toEqual(["ord_3", "ord_2", "ord_1"]);
    expect(seen.map((request) => request.url)).toEqual(["/api/v2/orders?status=completed&limit=2", "/api/v2/orders?status=completed&limit=2&cursor=c2"]);
  });

  it("refuses a missing path parameter before sending anything", async () => {
    const { baseUrl, seen } = await scripted(json(200, ORDER));
    const { client } = clientFor(baseUrl);
    await expect(client.getOrder({ path: { orderId: "" } })).rejects.toThrow('path parameter "orderId" is required');
    expect(seen).toHaveLength(0);
  });
});

describe("backoffDelay", () => {
  it("doubles from the base, with jitter in the upper half, and never passes the longest wait", () => {
    const options = { ...DEFAULT_RETRY, baseDelayMs: 500, maxDelayMs: 3000 };
    expect([1, 2, 3, 4, 5].map((attempt) => backoffDelay(attempt, { ...options, random: () => 0 }))).toEqual([250, 500, 1000, 1500, 1500]);
    expect([1, 2, 3, 4, 5].map((attempt) => backoffDelay(attempt, { ...options, random: () => 0.999999 }))).toEqual([500, 1000, 2000, 3000, 3000]);
  });
});
