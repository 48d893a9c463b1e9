import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UpstreamOrderRequest } from "./connector";
import { resellerApiConnector } from "./reseller-api";
import { startFakeUpstream, type FakeUpstream } from "./testing/fake-upstream";

const options = { allowPrivate: true, timeoutMs: 1_000 };
const product = { name: "Card", category: "giftcard" as const, fields: [{ name: "player_id", label: "Player", required: true }] };
let sequence = 0;
const request = (upstreamProductId: string): UpstreamOrderRequest => ({
  reference: `sat_test_${++sequence}`,
  upstreamProductId,
  quantity: 1,
  fields: {},
  product,
});

/** A server that answers every request with one fixed status and body, to see how each answer is read. */
async function answering(status: number, body: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/**
 * The reseller-api connector against a local upstream that answers as this product's API does; each
 * answer maps to a documented outcome, and our key never shows in one.
 */
describe("the reseller-api connector", () => {
  let upstream: FakeUpstream;
  const servers: Server[] = [];
  beforeAll(async () => {
    upstream = await startFakeUpstream();
  });
  afterAll(async () => {
    await upstream.close();
    for (const server of servers) server.close();
  });
  const connector = (url = upstream.url, key = upstream.apiKey) =>
    resellerApiConnector({ supplier: { id: "sup_x", kind: "reseller-api", baseUrl: url }, credentials: key, options });
  const fixed = async (status: number, body: string) => {
    const { url, server } = await answering(status, body);
    servers.push(server);
    return connector(url);
  };

  it("orders with our reference as Idempotency-Key and reference, and reads the delivered code", async () => {
    const sent = request("up-a");
    const outcome = await connector().placeOrder(sent);
    expect(outcome).toMatchObject({ state: "completed", items: [{ code: expect.stringMatching(/^UPSTREAM-CODE-/) }] });
    expect(upstream.orders.at(-1)).toMatchObject({ reference: sent.reference, idempotencyKey: sent.reference });
    // Sent again (a reconcile): the same order, not a second one.
    const again = await connector().reconcile(sent, null);
    expect(again).toEqual(outcome);
    expect(upstream.orders.filter((o) => o.reference === sent.reference)).toHaveLength(1);
  });

  it("maps the upstream's refusals to our codes", async () => {
    upstream.behaviour.set("up-oos", "out_of_stock");
    upstream.behaviour.set("up-gone", "product_unavailable");
    upstream.behaviour.set("up-who", "invalid_recipient");
    expect(await connector().placeOrder(request("up-oos"))).toMatchObject({ state: "refused", code: "out_of_stock" });
    expect(await connector().placeOrder(request("up-gone"))).toMatchObject({ state: "refused", code: "product_unavailable" });
    expect(await connector().placeOrder(request("up-who"))).toMatchObject({ state: "refused", code: "invalid_recipient" });
  });

  it("a wrong key is a definite refusal (supplier_unavailable), and the key never appears in what is kept", async () => {
    const wrongKey = "rk_live_TheWrongKeyThatMustNeverBeLogged0000";
    const outcome = await connector(upstream.url, wrongKey).placeOrder(request("up-a"));
    expect(outcome).toMatchObject({ state: "refused", code: "supplier_unavailable" });
    expect(JSON.stringify(outcome)).not.toContain(wrongKey);
    const balance = await connector(upstream.url, wrongKey).balance();
    expect(balance).toEqual({ ok: false, reason: "HTTP 401 unauthenticated: Unknown API key." });
  });

  it("an upstream echoing our key back has it taken out", async () => {
    const key = upstream.apiKey;
    const echo = await answering(422, JSON.stringify({ error: { code: "out_of_stock", message: `key ${key} has no stock` } }));
    servers.push(echo.server);
    const outcome = await connector(echo.url).placeOrder(request("up-a"));
    expect(JSON.stringify(outcome)).not.toContain(key);
    expect(outcome).toMatchObject({ state: "refused", code: "out_of_stock", message: "HTTP 422 out_of_stock: key [key] has no stock" });
  });

  it("a 5xx, a 429 or an answer that is not JSON after sending is an unknown outcome", async () => {
    expect(await (await fixed(502, "bad gateway")).placeOrder(request("up-a"))).toMatchObject({ state: "unknown" });
    expect(await (await fixed(429, JSON.stringify({ error: { code: "rate_limited", message: "slow down" } }))).placeOrder(request("up-a"))).toMatchObject({
      state: "unknown",
    });
    expect(await (await fixed(201, "{not json")).placeOrder(request("up-a"))).toMatchObject({ state: "unknown" });
  });

  it("a 429 carries the upstream's Retry-After (or our default without one), on sending and on reading alike", async () => {
    upstream.rateLimit = { count: 1, retryAfterSeconds: 7 };
    expect(await connector().placeOrder(request("up-a"))).toMatchObject({ state: "unknown", retryAfterMs: 7_000 });
    upstream.rateLimit = { count: 1, retryAfterSeconds: null };
    expect(await connector().reconcile(request("up-a"), null)).toMatchObject({ state: "unknown", retryAfterMs: 30_000 });
    expect(await (await fixed(500, "{}")).placeOrder(request("up-a"))).not.toHaveProperty("retryAfterMs");
  });

  it("registers our webhook URL and answers the secret: shown by the first PUT, else regenerated", async () => {
    const first = await connector().registerWebhook!("https://a.example/api/suppliers/sup_x/webhook");
    expect(first).toEqual({ ok: true, secret: upstream.webhook!.secret });
    const again = await connector().registerWebhook!("https://a.example/api/suppliers/sup_x/webhook");
    expect(again).toEqual({ ok: true, secret: upstream.webhook!.secret });
    expect(again).not.toEqual(first);
    expect(await connector(upstream.url, "rk_live_WrongKeyWrongKeyWrongKey000000000").registerWebhook!("https://a.example/x")).toMatchObject({
      ok: false,
      reason: expect.stringContaining("HTTP 401"),
    });
  });

  it("nothing listening is a definite refusal: the request never left", async () => {
    const { url, server } = await answering(200, "{}");
    await new Promise((resolve) => server.close(resolve));
    expect(await connector(url).placeOrder(request("up-a"))).toMatchObject({ state: "refused", code: "supplier_unavailable" });
  });

  it("refuses a private address without SUPPLIER_ALLOW_PRIVATE", async () => {
    const guarded = resellerApiConnector({
      supplier: { id: "sup_x", kind: "reseller-api", baseUrl: upstream.url },
      credentials: upstream.apiKey,
      options: { ...options, allowPrivate: false },
    });
    expect(await guarded.placeOrder(request("up-a"))).toMatchObject({ state: "refused", code: "supplier_unavailable" });
    expect(upstream.orders.filter((o) => o.sku === "up-a" && o.reference.startsWith("sat_test_"))).toHaveLength(1);
  });

  it("reads the balance and checks a recipient upstream", async () => {
    expect(await connector().balance()).toEqual({ ok: true, balance: 1_234_500_000n, currency: "USD" });
    expect(await connector().checkRecipient("up-a", product, { player_id: "12345678" })).toEqual({ valid: true, nickname: "Upstream 5678" });
    expect(await connector().checkRecipient("up-a", product, { player_id: "12340000" })).toEqual({ valid: false, reason: "No such player." });
  });

  it("reads the upstream's catalog a page at a time, as importable products at our price there", async () => {
    const card = {
      sku: "giftcard-steam-us-10",
      category: "giftcard",
      name: "Steam 10",
      group: "Steam",
      region: "US",
      price: "9.70",
      list_price: "10.00",
      currency: "USD",
      in_stock: true,
      stock: 40,
      min_quantity: 1,
      max_quantity: 10,
      fields: [],
      attributes: {},
    };
    const topup = {
      ...card,
      sku: "topup-pubgm-325",
      category: "topup",
      in_stock: false,
      stock: null,
      fields: [{ name: "player_id", label: "UID", required: true, pattern: "^[0-9]{6,12}$" }],
      attributes: { platform: "mobile" },
    };
    const strange = { ...card, sku: "odd", category: "not-a-category" };
    const catalog = await fixed(200, JSON.stringify({ data: [card, topup, strange], next_cursor: "abc" }));
    const page = await catalog.listProducts({ cursor: null });
    expect(page).toEqual({
      ok: true,
      nextCursor: "abc",
      products: [
        {
          id: "giftcard-steam-us-10",
          name: "Steam 10",
          category: "giftcard",
          group: "Steam",
          region: "US",
          cost: 9_700_000n,
          currency: "USD",
          available: true,
          fields: [],
          minQuantity: 1,
          maxQuantity: 10,
          meta: {},
        },
        {
          id: "topup-pubgm-325",
          name: "Steam 10",
          category: "topup",
          group: "Steam",
          region: "US",
          cost: 9_700_000n,
          currency: "USD",
          available: false,
          fields: [{ name: "player_id", label: "UID", required: true, pattern: "^[0-9]{6,12}$" }],
          minQuantity: 1,
          maxQuantity: 10,
          meta: { platform: "mobile" },
        },
      ],
    });
    expect(
      await (await fixed(401, JSON.stringify({ error: { code: "unauthenticated", message: "Unknown API key." } }))).listProducts({ cursor: null }),
    ).toEqual({
      ok: false,
      reason: "HTTP 401 unauthenticated: Unknown API key.",
    });
    expect(await (await fixed(200, "[]")).listProducts({ cursor: null })).toEqual({ ok: false, reason: "The catalog answer could not be read." });
  });
});
