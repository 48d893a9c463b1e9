import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { OpenApiDocument } from "@/lib/api/openapi/types";
import { startReceiver, type ReceivedRequest, type TestReceiver } from "@/lib/webhooks/testing/receiver";
import {
  OPERATIONS,
  ResellerApiError,
  ResellerClient,
  verifyWebhook,
  WebhookVerificationError,
  type RetryOptions,
  type WebhookEvent,
} from "../../sdk/src/index";
import { expect, test } from "../support/test";

/*
 * The SDK (sdk/src) against the running server: its typed methods, errors, retries, idempotent creates,
 * pagination and webhook verification. Sam is this spec's reseller. Where the network has to misbehave
 * (a 429 before the server is reached, an answer lost after the server made the order), a small proxy
 * in this process stands between the SDK and the server; the real rate limit is run into as well.
 */
test.describe.configure({ mode: "serial" });

const noWait = (waits: number[]): Partial<RetryOptions> => ({ sleep: async (ms) => void waits.push(ms) });
const micros = (money: string) => BigInt(money.replace(".", "").padEnd(money.indexOf(".") + 7, "0"));

interface Proxied {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}
/** What the proxy does with the n-th request: pass it on, pass it on and lose the answer, or answer itself. */
type ProxyPlan = (request: Proxied, index: number) => "forward" | "lose-answer" | { status: number; headers: Record<string, string>; body: string };

async function startProxy(target: string, plan: ProxyPlan): Promise<{ url: string; seen: Proxied[]; close(): Promise<void> }> {
  const seen: Proxied[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const request = { method: req.method!, url: req.url!, headers: req.headers };
      const step = plan(request, seen.push(request) - 1);
      if (typeof step === "object") return void res.writeHead(step.status, step.headers).end(step.body);
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !["host", "connection", "content-length"].includes(name))) as Record<
        string,
        string
      >;
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      const answer = await fetch(target + req.url, { method: req.method, headers, body });
      const text = await answer.text();
      // The server has done the work; the client never hears of it.
      if (step === "lose-answer") return void res.socket?.destroy();
      res.writeHead(answer.status, { "Content-Type": answer.headers.get("Content-Type") ?? "application/json" }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

const GIFT_CARD = "giftcard-steam-us-10";
let client: ResellerClient;
let baseUrl = "";

test.beforeAll(({ baseURL }) => {
  baseUrl = baseURL!;
});
test.beforeEach(({ fixtures }) => {
  client = new ResellerClient({ baseUrl, apiKey: fixtures.sam.apiKey });
});

test("the SDK's operation table names every operation the server documents", async ({ request }) => {
  const document = (await (await request.get("/api/v2/openapi.json")).json()) as OpenApiDocument;
  const documented = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => `${operation.operationId} ${method.toUpperCase()} ${path}`),
  );
  const table = Object.entries(OPERATIONS).map(([operationId, { method, path }]) => `${operationId} ${method} ${path}`);
  expect(table.sort()).toEqual(documented.sort());
});

test("account, catalog and payment reads and writes come back typed", async ({ fixtures }) => {
  const me = await client.getMe();
  expect(me).toMatchObject({ id: fixtures.sam.id, email: fixtures.sam.email });
  expect(await client.getMe_reseller()).toEqual(me);
  expect(await client.getBalance()).toEqual({ balance: "1000.00", currency: "USD" });
  const { data: transactions } = await client.listTransactions({ query: { limit: 1 } });
  expect(transactions).toHaveLength(1);
  expect(await client.getTransaction({ path: { transactionId: transactions[0].transaction_id } })).toEqual(transactions[0]);
  expect((await client.getSubscription()).tier).toBe("Bronze");
  expect(await client.setSubscriptionAutoRenew({ body: { enabled: false } })).toMatchObject({ auto_renew: false });

  const catalog = await client.listCatalog({ query: { category: "giftcard", limit: 3 } });
  expect(catalog.data).toHaveLength(3);
  expect(catalog.data.every((product) => product.category === "giftcard")).toBe(true);
  expect((await client.listPrices()).data.some((price) => price.sku === GIFT_CARD)).toBe(true);
  expect((await client.listSkus()).data.find((sku) => sku.sku === GIFT_CARD)).toMatchObject({ category: "giftcard" });
  expect((await client.listGames()).data.length).toBeGreaterThan(0);
  expect((await client.listTopupProducts({ query: { game: "Mobile Legends" } })).data.length).toBeGreaterThan(0);
  expect((await client.listGiftCardProducts()).data.length).toBeGreaterThan(0);
  expect(await client.listGameKeys()).toBeTruthy();
  expect(await client.listPlatformTopupRates()).toBeTruthy();
  expect((await client.getPlatformGiftGame({ path: { appid: "1245620" } })).appid).toBe(1245620);
  expect(await client.listMessengerStars()).toBeTruthy();
  expect(await client.checkPlayerId({ query: { sku: "topup-mlbb-86", player_id: "123456789", zone_id: "2001" } })).toEqual({
    valid: true,
    nickname: expect.any(String),
  });

  const payment = await client.createPayment({ body: { amount: "10" } });
  expect(payment).toMatchObject({ payment_id: expect.stringMatching(/^pay_/), status: "pending", amount: "10.00" });
  expect(await client.getPayment({ path: { paymentId: payment.payment_id } })).toEqual(payment);
  expect((await client.listPayments()).data.map((listed) => listed.payment_id)).toContain(payment.payment_id);
});

test("orders: create of each kind, read, wait for completion, list by reference, chat", async () => {
  const order = await client.createOrder({ body: { sku: GIFT_CARD, quantity: 1, fields: {}, reference: "sdk-order-1" } });
  expect(order).toMatchObject({ order_id: expect.stringMatching(/^ord_/), sku: GIFT_CARD, reference: "sdk-order-1" });
  const giftCard = await client.createGiftCardOrder({ body: { sku: GIFT_CARD, quantity: 1 } });
  const topup = await client.createTopupOrder({ body: { sku: "topup-mlbb-86", quantity: 1, fields: { player_id: "123456789", zone_id: "2001" } } });
  expect(topup.type).toBe("topup");
  for (const placed of [order, giftCard, topup]) {
    await expect.poll(async () => (await client.getOrder({ path: { orderId: placed.order_id } })).status, { timeout: 20_000 }).toBe("completed");
  }
  const completed = await client.getOrder_reseller({ path: { orderId: order.order_id } });
  expect(completed.delivery?.items[0].code).toEqual(expect.any(String));
  expect((await client.listOrders({ query: { reference: "sdk-order-1" } })).data.map((listed) => listed.order_id)).toEqual([order.order_id]);

  const manual = await client.createOrder({ body: { sku: "manual-account-recovery", quantity: 1, fields: { details: "From the SDK spec" } } });
  const message = await client.postOrderMessage({ path: { orderId: manual.order_id }, body: { text: "Any news?" } });
  expect(message).toMatchObject({ text: "Any news?" });
  expect((await client.listOrderMessages({ path: { orderId: manual.order_id } })).data.map((listed) => listed.text)).toContain("Any news?");
});

test("the API's errors are thrown as ResellerApiError with their code, status and request id", async () => {
  const missing = await client.getOrder({ path: { orderId: "ord_01JD4X0000ABCDEFGHJKMNPQRS" } }).catch((error: unknown) => error);
  expect(missing).toBeInstanceOf(ResellerApiError);
  expect(missing).toMatchObject({ status: 404, code: "not_found", retryable: false, requestId: expect.any(String) });
  const wrong = await client.createTopupOrder({ body: { sku: GIFT_CARD, quantity: 1, fields: {} } }).catch((error: unknown) => error);
  expect(wrong).toMatchObject({ status: 422, code: "wrong_category", retryable: false });
});

test("paginate walks every page of a list", async ({ fixtures }) => {
  const cursors: (string | null)[] = [];
  const counting = new ResellerClient({
    baseUrl,
    apiKey: fixtures.sam.apiKey,
    fetch: (input, init) => (cursors.push(new URL(String(input)).searchParams.get("cursor")), fetch(input, init)),
  });
  const ids: string[] = [];
  for await (const order of counting.paginate("listOrders", { query: { limit: 2 } })) ids.push(order.order_id);
  const all = (await client.listOrders({ query: { limit: 100 } })).data.map((order) => order.order_id);
  expect(all.length).toBeGreaterThanOrEqual(4);
  expect(ids).toEqual(all);
  expect(cursors.length).toBeGreaterThanOrEqual(Math.ceil(all.length / 2));
  expect(cursors[0]).toBeNull();
  expect(cursors.slice(1).every((cursor) => typeof cursor === "string")).toBe(true);
});

test("a create whose answer is lost is retried under the same Idempotency-Key and makes one order", async ({ fixtures }) => {
  const proxy = await startProxy(baseUrl, (_request, index) => (index === 0 ? "lose-answer" : "forward"));
  try {
    const waits: number[] = [];
    const viaProxy = new ResellerClient({ baseUrl: proxy.url, apiKey: fixtures.sam.apiKey, retry: noWait(waits) });
    const before = (await client.getBalance()).balance;
    const order = await viaProxy.createOrder({ body: { sku: GIFT_CARD, quantity: 1, fields: {}, reference: "sdk-lost-answer" } });
    const posts = proxy.seen.filter((request) => request.method === "POST");
    expect(posts).toHaveLength(2);
    expect(posts[0].headers["idempotency-key"]).toEqual(expect.any(String));
    expect(posts[1].headers["idempotency-key"]).toBe(posts[0].headers["idempotency-key"]);
    expect(waits).toHaveLength(1);
    expect((await client.listOrders({ query: { reference: "sdk-lost-answer" } })).data.map((listed) => listed.order_id)).toEqual([order.order_id]);
    expect(micros(before) - micros((await client.getBalance()).balance)).toBe(micros(order.total));
  } finally {
    await proxy.close();
  }
});

test("a 429 is retried after the Retry-After it carries", async ({ fixtures }) => {
  const limited = {
    status: 429,
    headers: { "Content-Type": "application/json", "Retry-After": "1", "X-Request-Id": "req_proxy" },
    body: JSON.stringify({ error: { code: "rate_limited", message: "Slow down.", retryable: true, request_id: "req_proxy", details: {} } }),
  };
  const proxy = await startProxy(baseUrl, (_request, index) => (index === 0 ? limited : "forward"));
  try {
    const waits: number[] = [];
    const started = Date.now();
    const viaProxy = new ResellerClient({
      baseUrl: proxy.url,
      apiKey: fixtures.sam.apiKey,
      retry: { sleep: (ms) => (waits.push(ms), new Promise((resolve) => setTimeout(resolve, ms))) },
    });
    expect((await viaProxy.getBalance()).currency).toBe("USD");
    expect(waits).toEqual([1000]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(proxy.seen).toHaveLength(2);
  } finally {
    await proxy.close();
  }
});

test("the server's own rate limit reads as a retryable rate_limited error, and its Retry-After is what the SDK waits", async ({ fixtures }) => {
  const once = new ResellerClient({ baseUrl, apiKey: fixtures.samRateLimitKey, retry: { maxAttempts: 1 } });
  let error: unknown;
  for (let call = 0; call < 40 && !error; call++)
    error = await once.listPrices().then(
      () => undefined,
      (caught: unknown) => caught,
    );
  expect(error).toBeInstanceOf(ResellerApiError);
  const limited = error as ResellerApiError;
  expect(limited).toMatchObject({ status: 429, code: "rate_limited", retryable: true, requestId: expect.any(String) });
  expect(limited.retryAfterSeconds).toBeGreaterThanOrEqual(1);

  const waits: number[] = [];
  const twice = new ResellerClient({ baseUrl, apiKey: fixtures.samRateLimitKey, retry: { maxAttempts: 2, ...noWait(waits) } });
  await expect(twice.listPrices()).rejects.toMatchObject({ status: 429, code: "rate_limited" });
  expect(waits).toHaveLength(1);
  expect(waits[0]).toBeGreaterThanOrEqual(1000);
  expect(waits[0] % 1000).toBe(0);
});

test.describe("webhooks", () => {
  let receiver: TestReceiver;
  test.beforeAll(async () => {
    receiver = await startReceiver(() => ({ status: 200, body: "ok" }));
  });
  test.afterAll(async () => {
    await receiver.close();
  });

  const arrival = async (predicate: (event: WebhookEvent) => boolean, what: string): Promise<ReceivedRequest> => {
    const find = () => receiver.received.find((request) => predicate(JSON.parse(request.body) as WebhookEvent));
    await expect.poll(() => find() !== undefined, { message: `waiting for ${what}`, timeout: 20_000 }).toBe(true);
    return find()!;
  };
  let secret = "";
  const only = (headers: IncomingHttpHeaders, names: string[]) => Object.fromEntries(Object.entries(headers).filter(([name]) => names.includes(name)));

  test("verifyWebhook checks real deliveries under both signature schemes", async () => {
    const saved = await client.putWebhook({ body: { url: receiver.url, enabled: true } });
    secret = saved.secret!;
    expect(secret).toMatch(/^whsec_/);
    expect(await client.getWebhook()).toMatchObject({ url: receiver.url, enabled: true, secret_set: true });

    const delivery = await client.testWebhook();
    const testEvent = await arrival((event) => event.event_id === delivery.event_id, "the test event");
    expect(verifyWebhook({ secret, headers: testEvent.headers, body: testEvent.body })).toEqual({
      event: "webhook.test",
      event_id: delivery.event_id,
      timestamp: expect.any(String),
      data: { message: "test" },
    });
    const seed = only(testEvent.headers, ["x-webhook-signature"]);
    const standard = only(testEvent.headers, ["webhook-id", "webhook-timestamp", "webhook-signature"]);
    expect(verifyWebhook({ secret, headers: seed, body: testEvent.body }).event_id).toBe(delivery.event_id);
    expect(verifyWebhook({ secret, headers: standard, body: testEvent.body, toleranceSeconds: 60 }).event_id).toBe(delivery.event_id);
    for (const headers of [seed, standard]) {
      expect(() => verifyWebhook({ secret, headers, body: testEvent.body.replace("test", "tset") })).toThrow(WebhookVerificationError);
      expect(() => verifyWebhook({ secret: "whsec_" + "A".repeat(32), headers, body: testEvent.body })).toThrow(WebhookVerificationError);
    }

    const order = await client.createOrder({ body: { sku: GIFT_CARD, quantity: 1, fields: {} } });
    const changed = await arrival((event) => event.event === "order.status_changed" && event.data.order_id === order.order_id, "order.status_changed");
    const event = verifyWebhook({ secret, headers: changed.headers, body: changed.body });
    if (event.event !== "order.status_changed") throw new Error(`unexpected ${event.event}`);
    expect(event.data).toMatchObject({ order_id: order.order_id, status: "completed", previous_status: "processing" });
  });

  test("a redelivery verifies too, and a rotated secret stops verifying at once", async () => {
    const deliveries: string[] = [];
    for await (const delivery of client.paginate("listWebhookDeliveries", { query: { limit: 2 } })) deliveries.push(delivery.delivery_id);
    expect(deliveries.length).toBeGreaterThanOrEqual(3);
    const first = (await client.listWebhookDeliveries({ query: { limit: 100 } })).data.at(-1)!;
    const before = receiver.received.length;
    const old = secret;
    ({ secret } = await client.regenerateWebhookSecret());
    const again = await client.redeliverWebhookDelivery({ path: { deliveryId: first.delivery_id } });
    expect(again.event_id).toBe(first.event_id);
    const find = () => receiver.received.slice(before).find((request) => JSON.parse(request.body).event_id === first.event_id);
    await expect.poll(() => find() !== undefined, { message: "waiting for the redelivery", timeout: 20_000 }).toBe(true);
    const resent = find()!;
    expect(verifyWebhook({ secret, headers: resent.headers, body: resent.body }).event_id).toBe(first.event_id);
    expect(() => verifyWebhook({ secret: old, headers: resent.headers, body: resent.body })).toThrow(WebhookVerificationError);
  });
});
