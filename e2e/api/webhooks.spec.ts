import type { APIRequestContext } from "@playwright/test";
import type { OpenApiDocument } from "@/lib/api/openapi/types";
import { EVENT_TYPES } from "@/lib/db/schema";
import { TEST_EVENT } from "@/lib/webhooks/constants";
import { undocumentedInDelivery } from "@/lib/webhooks/testing/documented";
import { startReceiver, verifiedWith, verifyBodySignature, type ReceivedRequest, type TestReceiver } from "@/lib/webhooks/testing/receiver";
import { expect, test } from "../support/test";

/*
 * The webhook API against the running server (WEBHOOK_ALLOW_PRIVATE=1), with a real receiver in this
 * process on 127.0.0.1. Frank is this spec's reseller; the tests build on each other in order.
 */
test.describe.configure({ mode: "serial" });

const WEBHOOK = "/api/v2/account/webhook";
let receiver: TestReceiver;
let secret = "";

test.beforeAll(async () => {
  receiver = await startReceiver(() => ({ status: 200, body: "received" }));
});
test.afterAll(async () => {
  await receiver.close();
});

const key = (apiKey: string) => ({ "X-API-Key": apiKey });

async function waitForEvent(predicate: (request: ReceivedRequest) => boolean, what: string): Promise<ReceivedRequest> {
  await expect.poll(() => receiver.received.some(predicate), { message: `waiting for ${what}`, timeout: 20_000 }).toBe(true);
  return receiver.received.find(predicate)!;
}

const bodyOf = (request: ReceivedRequest) => JSON.parse(request.body);

/** The document the server publishes: what arrives must be what it describes. */
async function publishedDocument(request: APIRequestContext): Promise<OpenApiDocument> {
  return (await request.get("/api/v2/openapi.json")).json();
}

async function deliveries(request: APIRequestContext, apiKey: string) {
  const response = await request.get(`${WEBHOOK}/deliveries?limit=100`, { headers: key(apiKey) });
  expect(response.status()).toBe(200);
  return (await response.json()) as { data: Record<string, unknown>[]; next_cursor: string | null };
}

test("before any configuration the webhook reads as empty", async ({ request, fixtures }) => {
  const response = await request.get(WEBHOOK, { headers: key(fixtures.frank.apiKey) });
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({
    url: null,
    enabled: false,
    secret_set: false,
    consecutive_failures: 0,
    disabled_reason: null,
    extended_events: false,
  });
  const test = await request.post(`${WEBHOOK}/test`, { headers: key(fixtures.frank.apiKey) });
  expect(test.status()).toBe(404);
  expect((await test.json()).error.code).toBe("not_found");
});

test("bad URLs and bodies are refused with details", async ({ request, fixtures }) => {
  const cases: [unknown, string, string][] = [
    [{ url: "ftp://hooks.example/in", enabled: true }, "url", "https:// or http://"],
    [{ url: "https://user:pw@hooks.example/in", enabled: true }, "url", "user name or password"],
    [{ url: "not a url", enabled: true }, "url", "full URL"],
    [{ url: `https://hooks.example/${"a".repeat(2100)}`, enabled: true }, "url", "2048"],
    [{ url: receiver.url }, "enabled", ""],
    [{ url: receiver.url, enabled: true, secret: "mine" }, "secret", "Unknown field"],
  ];
  for (const [data, path, message] of cases) {
    const response = await request.put(WEBHOOK, { headers: key(fixtures.frank.apiKey), data: data as Record<string, unknown> });
    expect(response.status(), JSON.stringify(data).slice(0, 80)).toBe(400);
    const { error } = await response.json();
    expect(error.code).toBe("validation_error");
    expect(error.details.issues[0].path).toBe(path);
    expect(error.details.issues[0].message).toContain(message);
  }
  const after = await request.get(WEBHOOK, { headers: key(fixtures.frank.apiKey) });
  expect((await after.json()).url).toBeNull();
});

test("the first PUT creates the secret and returns it once", async ({ request, fixtures }) => {
  const first = await request.put(WEBHOOK, { headers: key(fixtures.frank.apiKey), data: { url: receiver.url, enabled: true } });
  expect(first.status()).toBe(200);
  const created = await first.json();
  expect(created).toEqual({
    url: receiver.url,
    enabled: true,
    secret_set: true,
    consecutive_failures: 0,
    disabled_reason: null,
    extended_events: false,
    secret: expect.stringMatching(/^whsec_[0-9A-Za-z]{32}$/),
  });
  secret = created.secret;

  const read = await request.get(WEBHOOK, { headers: key(fixtures.frank.apiKey) });
  expect(await read.json()).toEqual({
    url: receiver.url,
    enabled: true,
    secret_set: true,
    consecutive_failures: 0,
    disabled_reason: null,
    extended_events: false,
  });
  const again = await request.put(WEBHOOK, { headers: key(fixtures.frank.apiKey), data: { url: receiver.url, enabled: true } });
  expect(await again.json()).not.toHaveProperty("secret");
});

test("a test delivery is answered with its record and arrives signed", async ({ request, fixtures }) => {
  const response = await request.post(`${WEBHOOK}/test`, { headers: key(fixtures.frank.apiKey) });
  expect(response.status()).toBe(200);
  const delivery = await response.json();
  expect(delivery).toMatchObject({
    delivery_id: expect.stringMatching(/^dlv_/),
    event: "webhook.test",
    url: receiver.url,
    attempt: 1,
    trigger: "test",
    status: "succeeded",
    response_status: 200,
    response_body: "received",
    error: null,
    next_retry_at: null,
  });
  expect(delivery.duration_ms).toEqual(expect.any(Number));
  const arrived = await waitForEvent((r) => r.headers["webhook-id"] === delivery.event_id, "the test event");
  expect(verifiedWith(secret, arrived)).toBe(true);
  expect(bodyOf(arrived)).toEqual({ event: "webhook.test", event_id: delivery.event_id, timestamp: expect.stringMatching(/Z$/), data: { message: "test" } });
  expect(arrived.body).toBe(delivery.payload);
  expect(arrived.headers).toMatchObject({ "content-type": "application/json", "x-webhook-event": "webhook.test", "x-webhook-id": delivery.event_id });
  expect(undocumentedInDelivery(await publishedDocument(request), arrived)).toEqual([]);
});

test("an order produces signed order.created and order.status_changed deliveries", async ({ request, fixtures }) => {
  const placed = await request.post("/api/v2/order", {
    headers: key(fixtures.frank.apiKey),
    data: { sku: "giftcard-steam-us-10", quantity: 1, fields: {}, reference: "wh-e2e-1" },
  });
  expect(placed.status()).toBe(201);
  const order = await placed.json();

  const created = await waitForEvent((r) => bodyOf(r).event === "order.created" && bodyOf(r).data.order_id === order.order_id, "order.created");
  const changed = await waitForEvent((r) => bodyOf(r).event === "order.status_changed" && bodyOf(r).data.order_id === order.order_id, "order.status_changed");
  const document = await publishedDocument(request);
  for (const arrived of [created, changed]) {
    expect(verifiedWith(secret, arrived)).toBe(true);
    expect(undocumentedInDelivery(document, arrived)).toEqual([]);
    expect(arrived.headers["x-webhook-event"]).toBe(bodyOf(arrived).event);
    expect(arrived.headers["x-webhook-id"]).toBe(bodyOf(arrived).event_id);
    expect(bodyOf(arrived).event_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  }
  expect(bodyOf(created).data).toMatchObject({ order_id: order.order_id, type: "giftcard", status: "processing", reference: "wh-e2e-1", delivery: null });
  const current = await (await request.get(`/api/v2/order/${order.order_id}`, { headers: key(fixtures.frank.apiKey) })).json();
  expect(current.status).toBe("completed");
  expect(bodyOf(changed).data).toMatchObject({ order_id: order.order_id, status: "completed", previous_status: "processing", delivery: current.delivery });
  expect(bodyOf(changed).data.delivery.items[0].code).toEqual(expect.any(String));
});

test("the published OpenAPI document describes every event the app sends, under webhooks", async ({ request }) => {
  const document = await publishedDocument(request);
  expect(Object.keys(document.webhooks).sort()).toEqual([...EVENT_TYPES, TEST_EVENT].sort());
  for (const { post } of Object.values(document.webhooks)) {
    expect(post.parameters.map((parameter) => parameter.name)).toEqual(expect.arrayContaining(["X-Webhook-Signature", "webhook-signature"]));
  }
});

test("the deliveries list shows every attempt, newest first; redelivery sends the same body again", async ({ request, fixtures }) => {
  const list = await deliveries(request, fixtures.frank.apiKey);
  expect(list.next_cursor).toBeNull();
  expect(list.data.map((d) => d.event)).toEqual(expect.arrayContaining(["webhook.test", "order.created", "order.status_changed"]));
  const ids = list.data.map((d) => d.delivery_id as string);
  expect([...ids].sort().reverse()).toEqual(ids);
  for (const item of list.data) {
    expect(Object.keys(item).sort()).toEqual(
      [
        "attempt",
        "created_at",
        "delivery_id",
        "duration_ms",
        "error",
        "event",
        "event_id",
        "next_retry_at",
        "payload",
        "response_body",
        "response_status",
        "status",
        "trigger",
        "url",
      ].sort(),
    );
    expect(item.status).toBe("succeeded");
  }

  const original = list.data.find((d) => d.event === "order.status_changed")!;
  const before = receiver.received.length;
  const response = await request.post(`${WEBHOOK}/deliveries/${original.delivery_id}/redeliver`, { headers: key(fixtures.frank.apiKey) });
  expect(response.status()).toBe(200);
  const again = await response.json();
  expect(again).toMatchObject({ event_id: original.event_id, event: "order.status_changed", attempt: 2, trigger: "redelivery", status: "succeeded" });
  expect(again.delivery_id).not.toBe(original.delivery_id);
  expect(receiver.received).toHaveLength(before + 1);
  const resent = receiver.received[before];
  expect(resent.body).toBe(original.payload);
  expect(verifiedWith(secret, resent)).toBe(true);
  expect((await deliveries(request, fixtures.frank.apiKey)).data[0].delivery_id).toBe(again.delivery_id);
});

test("a rotation sent a body it cannot take is refused, and the secret stays", async ({ request, fixtures }) => {
  const notJson = await request.post(`${WEBHOOK}/secret/regenerate`, {
    headers: { ...key(fixtures.frank.apiKey), "Content-Type": "application/json" },
    data: Buffer.from("{not json"),
  });
  expect(notJson.status()).toBe(400);
  expect((await notJson.json()).error.code).toBe("invalid_json");
  const withField = await request.post(`${WEBHOOK}/secret/regenerate`, { headers: key(fixtures.frank.apiKey), data: { rotate: true } });
  expect(withField.status()).toBe(400);
  expect((await withField.json()).error).toMatchObject({ code: "validation_error", details: { issues: [{ path: "rotate", message: "Unknown field." }] } });

  // An empty object is no body at all.
  const test = await (await request.post(`${WEBHOOK}/test`, { headers: key(fixtures.frank.apiKey), data: {} })).json();
  const arrived = await waitForEvent((r) => r.headers["webhook-id"] === test.event_id, "the test after the refused rotations");
  expect(verifiedWith(secret, arrived)).toBe(true);
});

test("regenerating the secret: deliveries verify with the new one, not the old", async ({ request, fixtures }) => {
  const response = await request.post(`${WEBHOOK}/secret/regenerate`, { headers: key(fixtures.frank.apiKey) });
  expect(response.status()).toBe(200);
  const { secret: fresh } = await response.json();
  expect(fresh).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
  expect(fresh).not.toBe(secret);

  const test = await (await request.post(`${WEBHOOK}/test`, { headers: key(fixtures.frank.apiKey) })).json();
  const arrived = await waitForEvent((r) => r.headers["webhook-id"] === test.event_id, "the test after rotation");
  expect(verifiedWith(fresh, arrived)).toBe(true);
  expect(verifyBodySignature(secret, arrived.body, arrived.headers["x-webhook-signature"])).toBe(false);
  secret = fresh;
});

test("another reseller's delivery is not found, and not listed", async ({ request, fixtures }) => {
  const mine = (await deliveries(request, fixtures.frank.apiKey)).data[0];
  const foreign = await request.post(`${WEBHOOK}/deliveries/${mine.delivery_id}/redeliver`, { headers: key(fixtures.alice.apiKey) });
  expect(foreign.status()).toBe(404);
  expect((await foreign.json()).error).toMatchObject({ code: "not_found", retryable: false });
  const theirs = await deliveries(request, fixtures.alice.apiKey);
  expect(theirs.data.map((d) => d.delivery_id)).not.toContain(mine.delivery_id);
  const unknown = await request.post(`${WEBHOOK}/deliveries/dlv_00000000000000000000000000/redeliver`, { headers: key(fixtures.frank.apiKey) });
  expect(unknown.status()).toBe(404);
});

test("turning the webhook off stops deliveries; without a key it is 401", async ({ request, fixtures }) => {
  const off = await request.put(WEBHOOK, { headers: key(fixtures.frank.apiKey), data: { url: receiver.url, enabled: false } });
  expect(await off.json()).toMatchObject({ enabled: false, disabled_reason: null });
  const before = receiver.received.length;
  const placed = await request.post("/api/v2/order", { headers: key(fixtures.frank.apiKey), data: { sku: "giftcard-steam-us-10", quantity: 1, fields: {} } });
  expect(placed.status()).toBe(201);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  expect(receiver.received).toHaveLength(before);
  expect((await request.get(WEBHOOK)).status()).toBe(401);
});

test("recover: the events missed while the webhook was off are sent again once it is on, in event order, signed", async ({ request, fixtures }) => {
  const headers = key(fixtures.frank.apiKey);
  const since = new Date(Date.now() - 60 * 60_000).toISOString();
  // Still off from the test before, which placed an order; one more while off.
  const placed = await request.post("/api/v2/order", { headers, data: { sku: "giftcard-steam-us-10", quantity: 1, fields: {}, reference: "wh-e2e-recover" } });
  expect(placed.status()).toBe(201);
  const order = await placed.json();
  await expect
    .poll(async () => (await (await request.get(`/api/v2/order/${order.order_id}`, { headers })).json()).status, { timeout: 20_000 })
    .toBe("completed");

  const disabled = await request.post(`${WEBHOOK}/recover`, { headers, data: { since } });
  expect(disabled.status()).toBe(409);
  expect((await disabled.json()).error).toMatchObject({ code: "webhook_disabled", message: expect.stringContaining("enable it first"), retryable: false });
  expect(disabled.headers()["x-request-id"]).toBeTruthy();

  const on = await request.put(WEBHOOK, { headers, data: { url: receiver.url, enabled: true } });
  expect(on.status()).toBe(200);
  for (const [body, message] of [
    [{ since: new Date(Date.now() + 60 * 60_000).toISOString() }, "Must not be in the future."],
    [{ since: new Date(Date.now() - 20 * 24 * 60 * 60_000).toISOString() }, "Must be within the last 14 days"],
    [{ since: "yesterday" }, "ISO 8601"],
    [{}, ""],
  ] as const) {
    const refused = await request.post(`${WEBHOOK}/recover`, { headers, data: body });
    expect(refused.status(), JSON.stringify(body)).toBe(400);
    const { error } = await refused.json();
    expect(error.code).toBe("validation_error");
    expect(error.details.issues[0]).toMatchObject({ path: "since", message: expect.stringContaining(message) });
  }

  const before = receiver.received.length;
  const recovered = await request.post(`${WEBHOOK}/recover`, { headers, data: { since } });
  expect(recovered.status()).toBe(202);
  // Two orders while off: each an order.created and an order.status_changed.
  expect(await recovered.json()).toEqual({ queued: 4 });
  await expect.poll(() => receiver.received.length - before, { timeout: 20_000 }).toBe(4);
  const arrived = receiver.received.slice(before);
  expect(arrived.every((r) => verifiedWith(secret, r))).toBe(true);
  const bodies = arrived.map(bodyOf);
  expect(new Set(bodies.map((b) => b.event_id)).size).toBe(4);
  const times = bodies.map((b) => Date.parse(b.timestamp));
  expect(times).toEqual([...times].sort((a, b) => a - b));
  // A stock order's two events are one change, with one timestamp and no order between them.
  expect(
    bodies
      .filter((b) => b.data.order_id === order.order_id)
      .map((b) => b.event)
      .sort(),
  ).toEqual(["order.created", "order.status_changed"]);
  expect(bodies.slice(2).every((b) => b.data.order_id === order.order_id)).toBe(true);

  // Delivered now: nothing is left to recover, and the log shows the recovered attempts.
  await expect
    .poll(
      async () =>
        (await deliveries(request, fixtures.frank.apiKey)).data.filter((d) => d.status === "succeeded" && bodies.some((b) => b.event_id === d.event_id)).length,
    )
    .toBe(4);
  const again = await request.post(`${WEBHOOK}/recover`, { headers, data: { since } });
  expect(await again.json()).toEqual({ queued: 0 });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(receiver.received).toHaveLength(before + 4);
});
