import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { supplierInputSchema } from "@/lib/fulfilment/supplier-admin";
import type { ConnectorOptions, UpstreamOrderRequest, UpstreamOutcome } from "./connector";
import { KINGUIN_PRODUCTION_URL, kinguinConnector } from "./kinguin";
import { FAKE_KEY_IMAGE, fakeKinguinProduct, startFakeKinguin, type FakeKinguin } from "./testing/fake-kinguin";

const options: ConnectorOptions = { allowPrivate: true, timeoutMs: 1_000 };
const product = { name: "A game", category: "gamekey" as const, fields: [] };
let sequence = 0;
const request = (upstreamProductId: string, quantity = 1): UpstreamOrderRequest => ({
  reference: `sat_kinguin_${++sequence}`,
  upstreamProductId,
  quantity,
  fields: {},
  product,
});

/**
 * The kinguin connector against a local Kinguin that answers in its documented shapes
 * (testing/fake-kinguin.ts); kinguin.ts lists which documented behaviour each case reproduces.
 */
describe("the kinguin connector", () => {
  let kinguin: FakeKinguin;
  beforeEach(async () => {
    kinguin = await startFakeKinguin();
  });
  afterEach(async () => {
    await kinguin.close();
  });
  const connector = (key = kinguin.apiKey, url = kinguin.url, overrides: Partial<ConnectorOptions> = {}) =>
    kinguinConnector({ supplier: { id: "sup_k", kind: "kinguin", baseUrl: url }, credentials: key, options: { ...options, ...overrides } });
  const stock = (kinguinId: number, overrides: Parameters<typeof fakeKinguinProduct>[1] = {}) => {
    const item = fakeKinguinProduct(kinguinId, overrides);
    kinguin.products.set(item.productId, item);
    return item;
  };
  const posts = () => kinguin.requests.filter((r) => r.method === "POST" && r.path === "/v2/order");
  const ordersOf = (reference: string) => kinguin.orders.filter((o) => o.orderExternalId === reference);

  it("a wrong key is refused (401 Authorization): supplier_unavailable, a readable reason, and the key nowhere", async () => {
    const item = stock(1949);
    const wrongKey = "kinguin-the-wrong-key-that-must-never-show-000000";
    const wrong = connector(wrongKey);
    const outcome = await wrong.placeOrder(request(item.productId));
    expect(outcome).toEqual({
      state: "refused",
      code: "supplier_unavailable",
      message: "Reading the product's price: HTTP 401 Authorization: Invalid authentication data.",
    });
    expect(await wrong.balance()).toEqual({ ok: false, reason: "HTTP 401 Authorization: Invalid authentication data." });
    expect(await wrong.listProducts({ cursor: null })).toEqual({ ok: false, reason: "HTTP 401 Authorization: Invalid authentication data." });
    expect(kinguin.orders).toHaveLength(0);
    expect(JSON.stringify(outcome)).not.toContain(wrongKey);

    // An upstream echoing our key back has it taken out.
    const echo = createServer((_req, res) => {
      res.writeHead(422, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ kind: "OrderFailed", status: 422, detail: `store ${kinguin.apiKey} cannot order` }));
    });
    await new Promise<void>((resolve) => echo.listen(0, "127.0.0.1", resolve));
    const echoing = connector(kinguin.apiKey, `http://127.0.0.1:${(echo.address() as AddressInfo).port}/esa/api`);
    const echoed = [await echoing.placeOrder(request(item.productId)), await echoing.balance()];
    echo.close();
    expect(echoed[0]).toMatchObject({ state: "refused", message: "Reading the product's price: HTTP 422 OrderFailed: store [key] cannot order" });
    expect(JSON.stringify(echoed)).not.toContain(kinguin.apiKey);
  });

  it("reads the balance, a float in EUR, as micro-EUR", async () => {
    kinguin.balance = 1234.56;
    expect(await connector().balance()).toEqual({ ok: true, balance: 1_234_560_000n, currency: "EUR" });
  });

  it("reads the product search a page at a time as game keys priced in EUR", async () => {
    for (let id = 1000; id < 1130; id++) stock(id, { price: 4.2 });
    stock(1005, { price: 12.34, qty: 0, platform: "PC Battle.net", regionId: 2, regionalLimitations: "United States" });
    stock(1006, { isPreorder: true, regionId: 77, regionalLimitations: "Europe", originalName: undefined });
    const first = await connector().listProducts({ cursor: null });
    if (!first.ok) throw new Error(first.reason);
    expect(first.products).toHaveLength(100);
    expect(first.nextCursor).toBe("2");
    expect(first.products[0]).toEqual({
      id: fakeKinguinProduct(1000).productId,
      name: "Game 1000 Steam CD Key",
      category: "gamekey",
      group: "Game 1000",
      region: "GLOBAL",
      cost: 4_200_000n,
      currency: "EUR",
      available: true,
      fields: [],
      minQuantity: 1,
      maxQuantity: 9,
      meta: { platform: "platform-a" },
    });
    expect(first.products[5]).toMatchObject({ cost: 12_340_000n, available: false, region: "US", meta: { platform: "others" } });
    expect(first.products[6]).toMatchObject({ group: "Game 1006 Steam CD Key", available: false, region: "EUROPE" });

    const second = await connector().listProducts({ cursor: first.nextCursor });
    if (!second.ok) throw new Error(second.reason);
    expect(second.products).toHaveLength(30);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.products, ...second.products].map((p) => p.id)).size).toBe(130);
    expect(kinguin.requests.map((r) => r.path)).toEqual(["/v1/products?page=1&limit=100", "/v1/products?page=2&limit=100"]);

    // A group (a game) narrows the search by name and matches exactly; another category is none of Kinguin's.
    const game = await connector().listProducts({ cursor: null, group: "Game 1012" });
    expect(game).toMatchObject({ ok: true, nextCursor: null, products: [{ group: "Game 1012" }] });
    expect(kinguin.requests.at(-1)?.path).toBe("/v1/products?page=1&limit=100&name=Game+1012");
    const before = kinguin.requests.length;
    expect(await connector().listProducts({ cursor: null, category: "giftcard" })).toEqual({ ok: true, products: [], nextCursor: null });
    expect(kinguin.requests).toHaveLength(before);
    expect(await connector().listProducts({ cursor: "zero" })).toEqual({ ok: false, reason: "Not a page of this catalog: zero." });
  });

  it("orders at the current price under our orderExternalId: processing is placed, completed reads the text keys", async () => {
    const item = stock(1949, { qty: 10, textQty: 10 });
    const sent = request(item.productId, 2);
    const placed = await connector().placeOrder(sent);
    const [order] = kinguin.orders;
    expect(placed).toEqual({ state: "placed", upstreamOrderId: order.orderId });
    expect(posts()).toEqual([
      {
        method: "POST",
        path: "/v2/order",
        body: { products: [{ productId: item.productId, qty: 2, price: 5.79, keyType: "text" }], orderExternalId: sent.reference },
      },
    ]);
    expect(kinguin.balance).toBeCloseTo(1000 - 11.58, 6);

    expect(await connector().reconcile(sent, order.orderId)).toEqual(placed);
    kinguin.complete(order.orderId);
    expect(await connector().reconcile(sent, order.orderId)).toEqual({
      state: "completed",
      upstreamOrderId: order.orderId,
      note: null,
      items: [
        { code: `KEY-${order.orderId}-1`, pin: null, serial: null },
        { code: `KEY-${order.orderId}-2`, pin: null, serial: null },
      ],
    });
    expect(kinguin.requests.at(-1)?.path).toBe(`/v2/order/${order.orderId}/keys?page=1&limit=100`);
    expect(posts()).toHaveLength(1);
  });

  it("a price risen above what the reseller paid since the last sync is refused before anything is ordered (the cost guard)", async () => {
    const item = stock(1950, { price: 6.1 });
    const guarded = { ...request(item.productId, 1), maxUnitCost: 5_900_000n };
    expect(await connector().placeOrder(guarded)).toEqual({
      state: "refused",
      code: "product_unavailable",
      message: "Cost guard: Kinguin's price is now 6.10 EUR a key, above the 5.90 EUR paid.",
    });
    expect(posts()).toHaveLength(0);
    // At or under the ceiling, or with selling at a loss allowed (no ceiling), it is ordered.
    expect(await connector().placeOrder({ ...request(item.productId, 1), maxUnitCost: 6_100_000n })).toMatchObject({ state: "placed" });
    expect(await connector().placeOrder({ ...request(item.productId, 1), maxUnitCost: null })).toMatchObject({ state: "placed" });
    expect(posts()).toHaveLength(2);
  });

  it("delivers an image key as a data: URL of the picture, with a note saying so", async () => {
    const item = stock(2001, { textQty: 0, keys: "image" });
    const sent = request(item.productId);
    const placed = await connector().placeOrder(sent);
    expect(posts()[0].body).toEqual({ products: [{ productId: item.productId, qty: 1, price: 5.79 }], orderExternalId: sent.reference });
    if (placed.state !== "placed") throw new Error(placed.state);
    kinguin.complete(placed.upstreamOrderId);
    expect(await connector().reconcile(sent, placed.upstreamOrderId)).toEqual({
      state: "completed",
      upstreamOrderId: placed.upstreamOrderId,
      items: [{ code: `data:image/png;base64,${FAKE_KEY_IMAGE}`, pin: null, serial: null }],
      note: "Key 1 of 1 is a picture of the key (image/png): its code is a data: URL of the image; open it to read the key.",
    });
  });

  it("an answer dropped after the order was made is found again by orderExternalId: one order upstream", async () => {
    const item = stock(3001);
    const sent = request(item.productId);
    kinguin.dropAnswer = (reference) => reference === sent.reference;
    expect(await connector().placeOrder(sent)).toMatchObject({ state: "unknown", message: expect.stringMatching(/^Sending the order: /) });
    kinguin.dropAnswer = () => false;
    const [order] = ordersOf(sent.reference);
    expect(await connector().reconcile(sent, null)).toEqual({ state: "placed", upstreamOrderId: order.orderId });
    kinguin.complete(order.orderId);
    expect(await connector().reconcile(sent, null)).toMatchObject({
      state: "completed",
      upstreamOrderId: order.orderId,
      items: [{ code: `KEY-${order.orderId}-1` }],
    });
    expect(ordersOf(sent.reference)).toHaveLength(1);
    expect(posts()).toHaveLength(1);
    expect(kinguin.requests.some((r) => r.path === `/v1/order?orderExternalId=${sent.reference}&page=1&limit=25`)).toBe(true);
  });

  it("an order that never reached Kinguin is sent again by reconcile under the same orderExternalId", async () => {
    const item = stock(3002);
    const sent = request(item.productId);
    kinguin.interrupt({
      method: "POST",
      path: /^\/v2\/order$/,
      status: 503,
      body: JSON.stringify({ kind: "HttpClient", status: 503, detail: "Internal request failed." }),
    });
    expect(await connector().placeOrder(sent)).toEqual({ state: "unknown", message: "Sending the order: HTTP 503 HttpClient: Internal request failed." });
    expect(kinguin.orders).toHaveLength(0);
    const again = await connector().reconcile(sent, null);
    expect(again).toEqual({ state: "placed", upstreamOrderId: ordersOf(sent.reference)[0].orderId });
    expect(posts().map((p) => (p.body as { orderExternalId: string }).orderExternalId)).toEqual([sent.reference, sent.reference]);
    expect(ordersOf(sent.reference)).toHaveLength(1);
  });

  it("a reused orderExternalId answers the order that already has it", async () => {
    const item = stock(3003);
    const sent = request(item.productId);
    const first = await connector().placeOrder(sent);
    expect(await connector().placeOrder(sent)).toEqual(first);
    expect(posts()).toHaveLength(2);
    expect(ordersOf(sent.reference)).toHaveLength(1);
  });

  it("maps out of stock, a product gone, no balance and a pre-order to our refusals", async () => {
    const empty = stock(4001, { qty: 0, textQty: 0 });
    expect(await connector().placeOrder(request(empty.productId))).toEqual({ state: "refused", code: "out_of_stock", message: "Only 0 in stock." });
    // Sold out between the price read and the order: no offer matches.
    const racing = stock(4002);
    kinguin.interrupt({
      method: "POST",
      path: /^\/v2\/order$/,
      status: 422,
      body: JSON.stringify({ kind: "ProductUnavailable", status: 422, detail: "Unable to find any offer matching order request criteria." }),
    });
    expect(await connector().placeOrder(request(racing.productId))).toEqual({
      state: "refused",
      code: "out_of_stock",
      message: "HTTP 422 ProductUnavailable: Unable to find any offer matching order request criteria.",
    });
    expect(await connector().placeOrder(request("5c9b0000000000000000gone"))).toMatchObject({
      state: "refused",
      code: "product_unavailable",
      message: expect.stringContaining("HTTP 404"),
    });
    const preorder = stock(4003, { isPreorder: true });
    expect(await connector().placeOrder(request(preorder.productId))).toMatchObject({ state: "refused", code: "product_unavailable" });
    expect(await connector().placeOrder(request(racing.productId, 10))).toMatchObject({ state: "refused", code: "product_unavailable" });
    kinguin.balance = 1;
    expect(await connector().placeOrder(request(racing.productId))).toEqual({
      state: "refused",
      code: "supplier_unavailable",
      message: "HTTP 422 InsufficientBalance: There are not enough funds to place an order.",
    });
    expect(kinguin.orders).toHaveLength(0);
  });

  it("a 429 is an unknown outcome carrying its Retry-After; nothing was ordered", async () => {
    const item = stock(5001);
    kinguin.interrupt({
      method: "POST",
      path: /^\/v2\/order$/,
      status: 429,
      headers: { "Retry-After": "7" },
      body: JSON.stringify({ kind: "Http", status: 429, detail: "Too Many Requests." }),
    });
    expect(await connector().placeOrder(request(item.productId))).toEqual({
      state: "unknown",
      message: "Sending the order: HTTP 429 Http: Too Many Requests.",
      retryAfterMs: 7_000,
    });
    kinguin.interrupt({ method: "GET", path: /^\/v1\/products$/, status: 429, headers: { "Retry-After": "3" }, body: "{}" });
    expect(await connector().listProducts({ cursor: null })).toEqual({ ok: false, reason: "The receiver answered HTTP 429.", retryAfterMs: 3_000 });
    expect(kinguin.orders).toHaveLength(0);
  });

  it("a 5xx, a timeout or JSON we cannot read after the order was made is unknown, and reconcile finds the order", async () => {
    const item = stock(6001);
    const cases = [
      { status: 500, body: JSON.stringify({ kind: "Error", status: 500, detail: "Internal Server Error." }) },
      { status: 201, body: "{not json" },
      { status: 0, body: "" },
    ];
    for (const answer of cases) {
      const sent = request(item.productId);
      kinguin.interrupt({ method: "POST", path: /^\/v2\/order$/, afterCreating: true, ...answer });
      const outcome = await connector(kinguin.apiKey, kinguin.url, { timeoutMs: 300 }).placeOrder(sent);
      expect(outcome, String(answer.status)).toMatchObject({ state: "unknown" });
      expect(await connector().reconcile(sent, null)).toEqual({ state: "placed", upstreamOrderId: ordersOf(sent.reference)[0].orderId });
      expect(ordersOf(sent.reference)).toHaveLength(1);
    }
    // An unreadable product answer comes before any order: nothing was bought.
    kinguin.interrupt({ method: "GET", path: /^\/v2\/products\//, status: 200, body: "<html>" });
    expect(await connector().placeOrder(request(item.productId))).toEqual({
      state: "refused",
      code: "supplier_unavailable",
      message: "Reading the product's price: an answer we could not read.",
    });
    expect(kinguin.orders).toHaveLength(3);
  });

  it("a canceled order has failed upstream: another offer may sell", async () => {
    const item = stock(7001);
    const sent = request(item.productId);
    const placed = await connector().placeOrder(sent);
    if (placed.state !== "placed") throw new Error(placed.state);
    kinguin.cancel(placed.upstreamOrderId);
    expect(await connector().reconcile(sent, placed.upstreamOrderId)).toEqual({
      state: "failed",
      upstreamOrderId: placed.upstreamOrderId,
      code: "product_unavailable",
      message: `Upstream order ${placed.upstreamOrderId} canceled.`,
    });
  });

  it("never connected (nothing listening, or a private address not allowed) is refused supplier_unavailable", async () => {
    const item = stock(8001);
    const closed = await startFakeKinguin();
    await closed.close();
    const outcomes: UpstreamOutcome[] = [
      await connector(kinguin.apiKey, closed.url).placeOrder(request(item.productId)),
      await connector(kinguin.apiKey, kinguin.url, { allowPrivate: false }).placeOrder(request(item.productId)),
    ];
    for (const outcome of outcomes) expect(outcome).toMatchObject({ state: "refused", code: "supplier_unavailable" });
    expect(kinguin.orders).toHaveLength(0);
  });

  it("checks no recipient: game keys have none", async () => {
    expect(await connector().checkRecipient("any", { fields: [] }, {})).toBeNull();
    expect(kinguin.requests).toHaveLength(0);
  });
});

describe("a kinguin supplier's settings", () => {
  it("needs its key, and its URL may be left to Kinguin's production gateway", () => {
    expect(supplierInputSchema.safeParse({ kind: "kinguin", name: "Kinguin", key: "0123456789abcdef" }).success).toBe(true);
    const keyless = supplierInputSchema.safeParse({ kind: "kinguin", name: "Kinguin" });
    expect(keyless.error?.issues).toEqual([expect.objectContaining({ path: ["key"], message: "Give the API key the supplier issued to us." })]);
    expect(KINGUIN_PRODUCTION_URL).toBe("https://gateway.kinguin.net/esa/api");
  });
});
