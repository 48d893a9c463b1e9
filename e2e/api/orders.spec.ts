import type { APIRequestContext, APIResponse } from "@playwright/test";
import { formatMoney, parseMoney } from "@/lib/money/money";
import { expect, test } from "../support/test";

/*
 * Orders on both surfaces. Dave (Gold, 1000.00) and Erin (Bronze, 200.00) buy here and nowhere else,
 * so no other spec's balances move. The server's sandbox supplier takes SUPPLIER_DELAY=1s; recipients
 * ending in 0000 or starting with "fail" fail. Dave's second key makes the failing requests, so the
 * 60-a-minute order budget of his main key stays for the real orders.
 */

interface Order {
  order_id: string;
  type: string;
  status: string;
  sku: string;
  product_name: string;
  quantity: number;
  unit_price: string;
  total: string;
  currency: string;
  fields: Record<string, string>;
  reference: string | null;
  delivery: { items: { code: string | null; pin: string | null; serial: string | null }[]; note: string | null } | null;
  failure_reason: string | null;
  source: string;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}

const ORDER_KEYS = [
  "claim",
  "completed_at",
  "created_at",
  "currency",
  "delivery",
  "failure_reason",
  "fields",
  "order_id",
  "product_name",
  "quantity",
  "reference",
  "sku",
  "source",
  "status",
  "total",
  "type",
  "unit_price",
  "updated_at",
];
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const micros = (money: string) => parseMoney(money)!;
let uniqueCounter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++uniqueCounter}`;

function expectOrderRecord(order: Order) {
  expect(Object.keys(order).sort()).toEqual(ORDER_KEYS);
  expect(order.order_id).toMatch(/^ord_[0-9A-Z]{26}$/);
  expect(order.unit_price).toMatch(/^\d+\.\d{2,6}$/);
  expect(micros(order.total)).toBe(micros(order.unit_price) * BigInt(order.quantity));
  expect(order.currency).toBe("USD");
  expect(order.source).toBe("api");
  expect(order.created_at).toMatch(TIMESTAMP);
  expect(order.updated_at).toMatch(TIMESTAMP);
}

async function balanceOf(request: APIRequestContext, key: string): Promise<bigint> {
  const response = await request.get("/api/v2/balance", { headers: { "X-API-Key": key } });
  expect(response.status()).toBe(200);
  return micros((await response.json()).balance);
}

function post(request: APIRequestContext, path: string, key: string, data: unknown, headers: Record<string, string> = {}) {
  return request.post(path, { headers: { "X-API-Key": key, ...headers }, data: data as Record<string, unknown> });
}

async function create(request: APIRequestContext, path: string, key: string, data: unknown, headers: Record<string, string> = {}): Promise<Order> {
  const response = await post(request, path, key, data, headers);
  expect(response.status(), `${path}: ${await response.text()}`).toBe(201);
  const order = (await response.json()) as Order;
  expectOrderRecord(order);
  return order;
}

async function readOrder(request: APIRequestContext, key: string, orderId: string): Promise<Order> {
  const response = await request.get(`/api/v2/order/${orderId}`, { headers: { "X-API-Key": key } });
  expect(response.status()).toBe(200);
  return response.json();
}

async function waitForStatus(request: APIRequestContext, key: string, orderId: string, status: string): Promise<Order> {
  await expect.poll(async () => (await readOrder(request, key, orderId)).status, { timeout: 10_000, intervals: [300, 500] }).toBe(status);
  return readOrder(request, key, orderId);
}

async function expectError(response: APIResponse, status: number, code: string, details: unknown = expect.anything()) {
  expect(response.status(), await response.text()).toBe(status);
  expect(await response.json()).toEqual({
    error: { code, message: expect.any(String), retryable: code === "out_of_stock", request_id: expect.any(String), details },
  });
  expect(response.headers()["x-request-id"]).toBeTruthy();
}

const mlbb = { sku: "topup-mlbb-86", fields: { player_id: "123456789", zone_id: "2001" } };

test.describe("creating orders", () => {
  test("a gift card is delivered at once, and the balance falls by the total", async ({ request, fixtures }) => {
    const key = fixtures.dave.apiKey;
    const before = await balanceOf(request, key);
    const response = await post(request, "/api/v2/gift-cards", key, { sku: "giftcard-steam-us-20", quantity: 2, reference: unique("gc") });
    expect(response.status()).toBe(201);
    expect(response.headers()["x-ratelimit-limit"]).toBe("60");
    const order = (await response.json()) as Order;
    expectOrderRecord(order);
    expect(order).toMatchObject({
      type: "giftcard",
      status: "completed",
      sku: "giftcard-steam-us-20",
      product_name: "Steam Gift Card 20 USD",
      quantity: 2,
      unit_price: "18.236",
      total: "36.472",
      fields: {},
      failure_reason: null,
    });
    expect(order.completed_at).toMatch(TIMESTAMP);
    expect(order.delivery!.items).toHaveLength(2);
    expect(order.delivery!.items[0].code).toMatch(/\S{6,}/);
    expect(order.delivery!.items[0].code).not.toBe(order.delivery!.items[1].code);
    expect(await balanceOf(request, key)).toBe(before - micros(order.total));

    expect(await readOrder(request, key, order.order_id)).toEqual(order);
  });

  test("a top-up answers processing, then completes within seconds", async ({ request, fixtures }) => {
    const key = fixtures.dave.apiKey;
    const before = await balanceOf(request, key);
    const order = await create(request, "/api/v2/topup", key, mlbb);
    expect(order).toMatchObject({
      type: "topup",
      status: "processing",
      unit_price: "1.44",
      total: "1.44",
      delivery: null,
      completed_at: null,
      reference: null,
    });
    expect(order.fields).toEqual({ player_id: "123456789", zone_id: "2001" });
    expect(await balanceOf(request, key)).toBe(before - micros("1.44"));

    const done = await waitForStatus(request, key, order.order_id, "completed");
    expect(done.delivery).toEqual({ items: [], note: expect.stringContaining("123456789") });
    expect(done.completed_at).toMatch(TIMESTAMP);
    expect(await balanceOf(request, key)).toBe(before - micros("1.44"));

    const twin = await request.get(`/api/orders/${order.order_id}`, { headers: { "X-API-Key": key } });
    expect(twin.status()).toBe(200);
    expect(twin.headers()["x-ratelimit-limit"]).toBe("120");
    expect(await twin.json()).toEqual(done);
  });

  test("every order path sells its own category", async ({ request, fixtures }) => {
    const key = fixtures.dave.apiKey;
    const cases: [string, string, Record<string, string | number>, string][] = [
      ["/api/v2/order", "giftcard-steam-us-10", {}, "giftcard"],
      ["/api/v2/order", "topup-genshin-60", { player_id: 700123456 }, "topup"],
      ["/api/v2/topup", "topup-freefire-100-sea", { player_id: "55512345" }, "topup"],
      ["/api/v2/gift-cards", "giftcard-googleplay-us-10", {}, "giftcard"],
      ["/api/v2/game-keys", "gamekey-the-witcher-3", {}, "gamekey"],
      ["/api/topup/order", "topup-pubgm-60", { player_id: "5123456" }, "topup"],
      ["/api/giftcards/order", "giftcard-apple-us-10", {}, "giftcard"],
      ["/api/gamekeys/order", "gamekey-windows-11-pro", {}, "gamekey"],
      ["/api/platformtopup/order", "platformtopup-wallet-5", { login: "steamer_42" }, "platformtopup"],
      ["/api/platformgifts/order", "platformgift-413150-standard", { friend_link: "https://s.team/p/abcd-efgh" }, "platformgift"],
      ["/api/messenger/premium/gift", "messenger-premium-3m", { username: "@happy_user" }, "messenger_premium"],
      ["/api/messenger/stars/buy", "messenger-stars-50", { username: "happy_user" }, "messenger_stars"],
    ];
    const before = await balanceOf(request, key);
    const orders: Order[] = [];
    for (const [path, sku, fields, type] of cases) {
      const order = await create(request, path, key, { sku, fields });
      expect(order.type, path).toBe(type);
      expect(order.sku).toBe(sku);
      const fromStock = type === "giftcard" || type === "gamekey";
      expect(order.status, path).toBe(fromStock ? "completed" : "processing");
      if (fromStock) expect(order.delivery!.items[0].code, path).toBeTruthy();
      orders.push(order);
    }
    const spent = orders.reduce((sum, order) => sum + micros(order.total), 0n);
    expect(await balanceOf(request, key)).toBe(before - spent);

    // Bulk status check of all of them at once, until the supplier has delivered every one.
    const ids = orders.map((order) => order.order_id).join(",");
    await expect
      .poll(
        async () => {
          const page = await (await request.get(`/api/v2/orders?ids=${ids}`, { headers: { "X-API-Key": key } })).json();
          return page.data.map((order: Order) => order.status);
        },
        { timeout: 10_000, intervals: [500] },
      )
      .toEqual(cases.map(() => "completed"));
    const platformGift = await readOrder(request, key, orders[9].order_id);
    expect(platformGift.delivery!.items[0].code).toMatch(/^SANDBOX-/);
  });

  test("the category-specific paths refuse another category's sku with 422 wrong_category", async ({ request, fixtures }) => {
    const key = fixtures.daveSecondKey;
    const before = await balanceOf(request, key);
    const cases: [string, string, string][] = [
      ["/api/v2/topup", "giftcard-steam-us-20", "giftcard"],
      ["/api/v2/gift-cards", "topup-mlbb-86", "topup"],
      ["/api/v2/game-keys", "giftcard-steam-us-20", "giftcard"],
      ["/api/topup/order", "gamekey-elden-ring", "gamekey"],
      ["/api/giftcards/order", "gamekey-elden-ring", "gamekey"],
      ["/api/gamekeys/order", "giftcard-steam-us-20", "giftcard"],
      ["/api/platformtopup/order", "topup-mlbb-86", "topup"],
      ["/api/platformgifts/order", "platformtopup-wallet-5", "platformtopup"],
      ["/api/messenger/premium/gift", "messenger-stars-50", "messenger_stars"],
      ["/api/messenger/stars/buy", "messenger-premium-3m", "messenger_premium"],
    ];
    for (const [path, sku, category] of cases) {
      await expectError(await post(request, path, key, { sku }), 422, "wrong_category", { sku, category });
    }
    expect(await balanceOf(request, key)).toBe(before);
  });

  test("bad orders answer their documented error and charge nothing", async ({ request, fixtures }) => {
    const key = fixtures.daveSecondKey;
    const before = await balanceOf(request, key);
    const issuesOf = async (response: APIResponse): Promise<{ path: string; message: string }[]> => {
      expect(response.status(), await response.text()).toBe(400);
      const { error } = await response.json();
      expect(error).toMatchObject({ code: "validation_error", retryable: false });
      return error.details.issues;
    };

    await expectError(await post(request, "/api/v2/order", key, { sku: "giftcard-nothing-99" }), 422, "product_unavailable", { sku: "giftcard-nothing-99" });

    expect(await issuesOf(await post(request, "/api/v2/topup", key, { sku: "topup-mlbb-86", fields: { player_id: "123456789" } }))).toEqual([
      { path: "fields.zone_id", message: "Zone ID is required." },
    ]);
    expect(await issuesOf(await post(request, "/api/v2/topup", key, { sku: "topup-mlbb-86", fields: { player_id: "12ab", zone_id: "1" } }))).toEqual([
      { path: "fields.player_id", message: "Player ID must be 5–12 digits." },
    ]);
    expect(await issuesOf(await post(request, "/api/v2/topup", key, { sku: "topup-mlbb-86", fields: { ...mlbb.fields, player_id: true } }))).toEqual([
      { path: "fields.player_id", message: expect.any(String) },
    ]);
    expect(await issuesOf(await post(request, "/api/v2/topup", key, { ...mlbb, fields: { ...mlbb.fields, server: "eu" } }))).toEqual([
      { path: "fields.server", message: expect.any(String) },
    ]);
    for (const quantity of [0, 11, 1.5, "2"]) {
      expect(await issuesOf(await post(request, "/api/v2/order", key, { ...mlbb, quantity })), String(quantity)).toEqual([
        { path: "quantity", message: expect.any(String) },
      ]);
    }
    expect(await issuesOf(await post(request, "/api/v2/order", key, { ...mlbb, colour: "blue" }))).toEqual([{ path: "colour", message: "Unknown field." }]);
    expect(await issuesOf(await post(request, "/api/v2/order", key, { fields: {} }))).toEqual([{ path: "sku", message: expect.any(String) }]);
    expect(await issuesOf(await post(request, "/api/v2/order", key, { ...mlbb, reference: "r".repeat(65) }))).toEqual([
      { path: "reference", message: expect.any(String) },
    ]);
    expect(await issuesOf(await post(request, "/api/v2/order", key, mlbb, { "Idempotency-Key": "k".repeat(256) }))).toEqual([
      { path: "header.Idempotency-Key", message: expect.any(String) },
    ]);
    // A blank key is most likely an unset variable, whose retries would each place an order.
    for (const blank of ["", "   "]) {
      expect(await issuesOf(await post(request, "/api/v2/order", key, mlbb, { "Idempotency-Key": blank })), JSON.stringify(blank)).toEqual([
        { path: "header.Idempotency-Key", message: "Must not be blank; leave the header out to send none." },
      ]);
    }

    // A Buffer goes out as is (a string with a JSON content type would be JSON-encoded by Playwright).
    const notJson = await request.post("/api/v2/order", {
      headers: { "X-API-Key": key, "Content-Type": "application/json" },
      data: Buffer.from("{sku: topup"),
    });
    await expectError(notJson, 400, "invalid_json", {});

    expect(await balanceOf(request, key)).toBe(before);
  });

  test("an order the balance does not cover is 402 insufficient_balance", async ({ request, fixtures }) => {
    const key = fixtures.erin.apiKey;
    const before = await balanceOf(request, key);
    // Erin is Bronze with at most 200.00: 5 x 48.50 = 242.50 is more.
    expect(before).toBeLessThanOrEqual(micros("200.00"));
    const response = await post(request, "/api/giftcards/order", key, { sku: "giftcard-steam-us-50", quantity: 5 });
    await expectError(response, 402, "insufficient_balance", { balance: formatMoney(before), required: "242.50" });
    expect(await balanceOf(request, key)).toBe(before);

    // Within the balance the same card sells, at Erin's (list) price.
    const order = await create(request, "/api/giftcards/order", key, { sku: "giftcard-steam-us-50" });
    expect(order).toMatchObject({ status: "completed", unit_price: "48.50", total: "48.50" });
    expect(await balanceOf(request, key)).toBe(before - micros("48.50"));
  });

  test("max_price caps the unit price: equal passes, below the price is 409 price_changed naming it, uncharged, on both surfaces", async ({
    request,
    fixtures,
  }) => {
    const key = fixtures.dave.apiKey;
    for (const path of ["/api/v2/gift-cards", "/api/giftcards/order"]) {
      const before = await balanceOf(request, key);
      // Dave is Gold: 6% off 19.40.
      const refused = await post(request, path, key, { sku: "giftcard-steam-us-20", max_price: "18.235" });
      await expectError(refused, 409, "price_changed", { sku: "giftcard-steam-us-20", price: "18.236", max_price: "18.235" });
      expect(await balanceOf(request, key)).toBe(before);
      const order = await create(request, path, key, { sku: "giftcard-steam-us-20", max_price: "18.236" });
      expect(order).toMatchObject({ status: "completed", unit_price: "18.236" });
      expect(await balanceOf(request, key)).toBe(before - micros("18.236"));
    }
  });

  test("a reference is unique per reseller: the second use is 409 duplicate_reference naming the order", async ({ request, fixtures }) => {
    const key = fixtures.dave.apiKey;
    const reference = unique("shop-order");
    const first = await create(request, "/api/v2/order", key, { ...mlbb, reference });
    expect(first.reference).toBe(reference);
    const before = await balanceOf(request, key);
    const again = await post(request, "/api/v2/gift-cards", key, { sku: "giftcard-steam-us-10", reference });
    await expectError(again, 409, "duplicate_reference", { order_id: first.order_id });
    expect(await balanceOf(request, key)).toBe(before);

    // Another reseller may use the same reference.
    const erins = await create(request, "/api/v2/order", fixtures.erin.apiKey, { sku: "messenger-stars-50", fields: { username: "erin_shop" }, reference });
    expect(erins.reference).toBe(reference);

    const filtered = await (await request.get(`/api/v2/orders?reference=${reference}`, { headers: { "X-API-Key": key } })).json();
    expect(filtered.data.map((order: Order) => order.order_id)).toEqual([first.order_id]);
    expect(filtered.next_cursor).toBeNull();
  });

  test("an Idempotency-Key replay answers the original order with 200 and charges once; another body is 409", async ({ request, fixtures }) => {
    const key = fixtures.dave.apiKey;
    const idempotencyKey = unique("idem");
    const body = { sku: "giftcard-googleplay-us-25", quantity: 1, reference: unique("idem-ref") };
    const before = await balanceOf(request, key);
    const first = await post(request, "/api/v2/order", key, body, { "Idempotency-Key": idempotencyKey });
    expect(first.status()).toBe(201);
    expect(first.headers()["idempotent-replayed"]).toBeUndefined();
    const order = (await first.json()) as Order;
    expect(order.status).toBe("completed");

    const replay = await post(request, "/api/v2/order", key, body, { "Idempotency-Key": idempotencyKey });
    expect(replay.status()).toBe(200);
    expect(replay.headers()["idempotent-replayed"]).toBe("true");
    const replayed = (await replay.json()) as Order;
    expect(replayed.order_id).toBe(order.order_id);
    expect(replayed.delivery).toEqual(order.delivery);
    expect(await balanceOf(request, key)).toBe(before - micros(order.total));

    const conflict = await post(request, "/api/v2/order", key, { ...body, quantity: 2 }, { "Idempotency-Key": idempotencyKey });
    await expectError(conflict, 409, "idempotency_conflict", { order_id: order.order_id });
    // The same body on an endpoint that sells other categories is another request too, and says so.
    const elsewhere = await post(request, "/api/v2/topup", key, body, { "Idempotency-Key": idempotencyKey });
    await expectError(elsewhere, 409, "idempotency_conflict", { order_id: order.order_id });
    expect((await elsewhere.json()).error.message).toContain("an endpoint that sells other categories");
    expect(await balanceOf(request, key)).toBe(before - micros(order.total));

    // Keys are per reseller: Erin's same key is a new order of hers.
    const erins = await post(
      request,
      "/api/v2/order",
      fixtures.erin.apiKey,
      { sku: "messenger-stars-50", fields: { username: "erin_shop" } },
      { "Idempotency-Key": idempotencyKey },
    );
    expect(erins.status()).toBe(201);
  });

  test("a failing sandbox recipient ends failed with the reason, and the charge comes back", async ({ request, fixtures }) => {
    const key = fixtures.dave.apiKey;
    const before = await balanceOf(request, key);
    const order = await create(request, "/api/topup/order", key, { sku: "topup-pubgm-325", fields: { player_id: "12340000" } });
    expect(order.status).toBe("processing");
    expect(await balanceOf(request, key)).toBe(before - micros(order.total));

    const failed = await waitForStatus(request, key, order.order_id, "failed");
    expect(failed.failure_reason).toEqual(expect.stringContaining("12340000"));
    expect(failed.delivery).toBeNull();
    expect(await balanceOf(request, key)).toBe(before);

    const transactions = await (await request.get("/api/v2/transactions?limit=5", { headers: { "X-API-Key": key } })).json();
    const forOrder = transactions.data.filter((t: { order_id: string | null }) => t.order_id === order.order_id);
    expect(forOrder.map((t: { type: string; amount: string }) => [t.type, t.amount]).sort()).toEqual([
      ["order", `-${formatMoney(micros(order.total))}`],
      ["refund", formatMoney(micros(order.total))],
    ]);
  });
});

test.describe("reading orders", () => {
  test("another reseller's order, and its chat, read as 404", async ({ request, fixtures }) => {
    const order = await create(request, "/api/v2/order", fixtures.dave.apiKey, {
      sku: "manual-custom-topup",
      fields: { details: "Please top up my account on an unlisted game." },
    });
    const headers = { "X-API-Key": fixtures.erin.apiKey };
    for (const path of [`/api/v2/order/${order.order_id}`, `/api/orders/${order.order_id}`, `/api/v2/orders/${order.order_id}/messages`]) {
      await expectError(await request.get(path, { headers }), 404, "not_found", {});
    }
    await expectError(await request.post(`/api/v2/orders/${order.order_id}/messages`, { headers, data: { text: "hi" } }), 404, "not_found", {});
    await expectError(await request.get("/api/v2/order/ord_00000000000000000000000000", { headers }), 404, "not_found", {});

    const bulk = await (await request.get(`/api/orders?ids=${order.order_id}`, { headers })).json();
    expect(bulk).toEqual({ data: [], next_cursor: null });
  });

  test("GET /orders lists newest first, with ids, status, type and time filters", async ({ request, fixtures }) => {
    const key = fixtures.dave.apiKey;
    const headers = { "X-API-Key": key };
    const a = await create(request, "/api/v2/order", key, { sku: "messenger-stars-100", fields: { username: "bulk_user" } });
    const b = await create(request, "/api/v2/order", key, { sku: "gamekey-cyberpunk-2077" });

    for (const path of ["/api/v2/orders", "/api/orders"]) {
      const bulk = await request.get(`${path}?ids=${a.order_id},${b.order_id},ord_unknown`, { headers });
      expect(bulk.status()).toBe(200);
      expect(bulk.headers()["x-ratelimit-limit"]).toBe("120");
      const page = await bulk.json();
      expect(page.data.map((order: Order) => order.order_id)).toEqual([b.order_id, a.order_id]);
      page.data.forEach(expectOrderRecord);
    }

    const page1 = await (await request.get("/api/v2/orders?limit=2", { headers })).json();
    expect(page1.data.map((order: Order) => order.order_id)).toEqual([b.order_id, a.order_id]);
    expect(page1.next_cursor).toBe(a.order_id);
    const page2 = await (await request.get(`/api/v2/orders?limit=2&cursor=${page1.next_cursor}`, { headers })).json();
    expect(page2.data).toHaveLength(2);
    for (const order of page2.data) expect(order.order_id < a.order_id).toBe(true);

    const gamekeys = await (await request.get("/api/v2/orders?type=gamekey&status=completed&limit=100", { headers })).json();
    expect(gamekeys.data.length).toBeGreaterThan(0);
    for (const order of gamekeys.data) expect(order).toMatchObject({ type: "gamekey", status: "completed" });
    expect(gamekeys.data[0].order_id).toBe(b.order_id);

    const future = await (await request.get(`/api/v2/orders?from=${encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())}`, { headers })).json();
    expect(future).toEqual({ data: [], next_cursor: null });
    const recent = await (
      await request.get(`/api/v2/orders?from=${encodeURIComponent(a.created_at)}&to=${encodeURIComponent(b.created_at)}`, { headers })
    ).json();
    expect(recent.data.map((order: Order) => order.order_id)).toEqual([b.order_id, a.order_id]);

    const tooMany = Array.from({ length: 101 }, (_, i) => `ord_${i}`).join(",");
    for (const [query, path] of [
      [`ids=${tooMany}`, "query.ids"],
      ["status=lost", "query.status"],
      ["from=yesterday", "query.from"],
      ["colour=blue", "query.colour"],
    ]) {
      const refused = await request.get(`/api/v2/orders?${query}`, { headers });
      expect(refused.status(), query).toBe(400);
      const { error } = await refused.json();
      expect(error.code).toBe("validation_error");
      expect(error.details.issues[0].path).toBe(path);
    }
  });

  test("a manual order carries a chat with the supplier", async ({ request, fixtures }) => {
    const key = fixtures.dave.apiKey;
    const headers = { "X-API-Key": key };
    const order = await create(request, "/api/v2/order", key, { sku: "manual-account-recovery", fields: { details: "Lost access to my account." } });
    expect(order).toMatchObject({ type: "manual", status: "processing" });
    const path = `/api/v2/orders/${order.order_id}/messages`;

    expect(await (await request.get(path, { headers })).json()).toEqual({ data: [], next_cursor: null });
    const posted = await request.post(path, { headers, data: { text: "  The account email is player@example.com.  " } });
    expect(posted.status()).toBe(201);
    const message = await posted.json();
    expect(message).toEqual({
      message_id: expect.stringMatching(/^msg_/),
      author: "reseller",
      text: "The account email is player@example.com.",
      created_at: expect.stringMatching(TIMESTAMP),
    });
    const second = await (await request.post(path, { headers, data: { text: "Any news?" } })).json();

    const chat = await request.get(path, { headers });
    expect(chat.status()).toBe(200);
    expect(await chat.json()).toEqual({ data: [second, message], next_cursor: null });

    for (const [data, issuePath] of [
      [{ text: "" }, "text"],
      [{ text: "x".repeat(2001) }, "text"],
      [{ text: "hi", urgent: true }, "urgent"],
    ] as const) {
      const refused = await request.post(path, { headers, data });
      expect(refused.status()).toBe(400);
      expect((await refused.json()).error.details.issues[0].path).toBe(issuePath);
    }

    const topup = await create(request, "/api/v2/order", key, mlbb);
    await expectError(await request.post(`/api/v2/orders/${topup.order_id}/messages`, { headers, data: { text: "hi" } }), 422, "wrong_category", {});
  });

  test("a chat lists like every list: newest first, limit, and a next_cursor that walks it all", async ({ request, fixtures }) => {
    const key = fixtures.dave.apiKey;
    const headers = { "X-API-Key": key };
    const order = await create(request, "/api/v2/order", key, { sku: "manual-account-recovery", fields: { details: "Paged chat." } });
    const path = `/api/v2/orders/${order.order_id}/messages`;
    // Sent together, so that some may share a millisecond.
    const sent = await Promise.all(
      Array.from({ length: 5 }, async (_, i) => {
        const response = await request.post(path, { headers, data: { text: `message ${i}` } });
        expect(response.status()).toBe(201);
        return (await response.json()).message_id as string;
      }),
    );
    const newestFirst = [...sent].sort().reverse();

    const all = await request.get(path, { headers });
    expect(all.status()).toBe(200);
    const page = await all.json();
    expect(page.data.map((message: { message_id: string }) => message.message_id)).toEqual(newestFirst);
    expect(page.next_cursor).toBeNull();

    const walked: string[] = [];
    let query = "?limit=2";
    for (;;) {
      const next = await (await request.get(`${path}${query}`, { headers })).json();
      expect(next.data.length).toBeLessThanOrEqual(2);
      walked.push(...next.data.map((message: { message_id: string }) => message.message_id));
      if (!next.next_cursor) break;
      expect(next.next_cursor).toBe(walked[walked.length - 1]);
      query = `?limit=2&cursor=${next.next_cursor}`;
    }
    expect(walked).toEqual(newestFirst);

    const refusing = { "X-API-Key": fixtures.daveSecondKey };
    for (const [bad, issuePath] of [
      ["limit=0", "query.limit"],
      ["limit=101", "query.limit"],
      ["limit=abc", "query.limit"],
      ["cursor=not-a-cursor", "query.cursor"],
      [`cursor=${order.order_id}`, "query.cursor"],
    ]) {
      const refused = await request.get(`${path}?${bad}`, { headers: refusing });
      await expectError(refused, 400, "validation_error", { issues: [{ path: issuePath, message: expect.any(String) }] });
    }
    await expectError(await request.get(`${path}?limit=1&cursor=${newestFirst[0]}`, { headers: { "X-API-Key": fixtures.erin.apiKey } }), 404, "not_found", {});
  });

  test("a full chat refuses another message with 409 chat_full, naming the order and the limit, and still lists", async ({ request, fixtures }) => {
    const headers = { "X-API-Key": fixtures.oscar.apiKey };
    const path = `/api/v2/orders/${fixtures.fullChatOrderId}/messages`;
    const refused = await request.post(path, { headers, data: { text: "One more question" } });
    expect(refused.status()).toBe(409);
    expect(await refused.json()).toEqual({
      error: {
        code: "chat_full",
        message: "This order's chat is full: it holds at most 500 messages.",
        retryable: false,
        request_id: refused.headers()["x-request-id"],
        details: { order_id: fixtures.fullChatOrderId, limit: 500 },
      },
    });
    const newest = await (await request.get(`${path}?limit=1`, { headers })).json();
    expect(newest).toEqual({ data: [expect.objectContaining({ text: "Message 500" })], next_cursor: expect.stringMatching(/^msg_/) });

    const doc = await (await request.get("/api/v2/openapi.json")).json();
    const post = doc.paths["/api/v2/orders/{orderId}/messages"].post;
    expect(post.responses["409"].content["application/json"].examples.chat_full.value.error).toMatchObject({ code: "chat_full", details: { limit: 500 } });
  });

  test("the OpenAPI document lists the order paths", async ({ request }) => {
    const doc = await (await request.get("/api/v2/openapi.json")).json();
    const expected: [string, string, string][] = [
      ["/api/v2/order", "post", "order_create"],
      ["/api/v2/topup", "post", "order_create"],
      ["/api/v2/gift-cards", "post", "order_create"],
      ["/api/v2/game-keys", "post", "order_create"],
      ["/api/topup/order", "post", "order_create"],
      ["/api/giftcards/order", "post", "order_create"],
      ["/api/gamekeys/order", "post", "order_create"],
      ["/api/platformtopup/order", "post", "order_create"],
      ["/api/platformgifts/order", "post", "order_create"],
      ["/api/messenger/premium/gift", "post", "order_create"],
      ["/api/messenger/stars/buy", "post", "order_create"],
      ["/api/v2/order/{orderId}", "get", "order_status"],
      ["/api/orders/{orderId}", "get", "order_status"],
      ["/api/v2/orders", "get", "default"],
      ["/api/orders", "get", "default"],
      ["/api/v2/orders/{orderId}/messages", "get", "default"],
      ["/api/v2/orders/{orderId}/messages", "post", "default"],
    ];
    for (const [path, method, category] of expected) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation["x-rate-limit-category"], path).toBe(category);
    }
    const create = doc.paths["/api/v2/order"].post;
    expect(create.responses["201"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Order" });
    expect(create.description).toContain("Idempotency-Key");
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(["201", "400", "402", "409", "422"]));
    expect(doc.components.schemas.OrderRequest.additionalProperties).toBe(false);
  });
});
