import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UpstreamOrderRequest } from "./connector";
import { reloadlyConnector, unitCostOf } from "./reloadly";
import { fakeProduct, startFakeReloadly, type FakeReloadly } from "./testing/fake-reloadly";

const options = { allowPrivate: true, timeoutMs: 2_000 };
const product = { name: "Card", category: "giftcard" as const, fields: [] };
let sequence = 0;
const order = (upstreamProductId: string, quantity = 1): UpstreamOrderRequest => ({
  reference: `sat_rld_${++sequence}`,
  upstreamProductId,
  quantity,
  fields: {},
  product,
});

/**
 * The Reloadly connector against a local server answering as Reloadly's gift-cards API and auth server are
 * documented (reloadly.ts names the sources and which documented behaviour each test reproduces).
 */
describe("the reloadly connector", () => {
  let fake: FakeReloadly;
  const servers: Server[] = [];
  let supplierSequence = 0;

  beforeAll(async () => {
    fake = await startFakeReloadly();
    fake.products = [
      fakeProduct(1, "Amazon"),
      fakeProduct(2, "Steam", { discountPercentage: 0, senderFee: 0, senderFeePercentage: 0 }),
      fakeProduct(3, "Netflix"),
      fakeProduct(4, "Amazon", {
        productName: "Amazon UK",
        recipientCurrencyCode: "GBP",
        country: { isoName: "GB", name: "United Kingdom" },
        fixedRecipientDenominations: [10],
        fixedSenderDenominations: [13.5],
        fixedRecipientToSenderDenominationsMap: { "10.00": 13.5 },
        discountPercentage: 0.7,
        senderFeePercentage: 1,
        status: "INACTIVE",
      }),
      fakeProduct(5, "Riot", { additionalRequirements: { userIdRequired: true } }),
    ];
    fake.behaviour.set(3, "pending");
  });
  afterAll(async () => {
    await fake.close();
    for (const server of servers) server.close();
  });

  /** A new supplier id each time: its own token cache, so each test counts its own token requests. */
  const connector = (credentials: Record<string, string> = { clientId: fake.clientId, clientSecret: fake.clientSecret, authUrl: fake.url }, url = fake.url) =>
    reloadlyConnector({ supplier: { id: `sup_rld${++supplierSequence}`, kind: "reloadly", baseUrl: url }, credentials: JSON.stringify(credentials), options });
  const tokenCalls = () => fake.tokenRequests.length;

  it("fetches one token for many calls, with the documented client-credentials body", async () => {
    const before = tokenCalls();
    const reloadly = connector();
    const answers = await Promise.all([reloadly.balance(), reloadly.balance(), reloadly.listProducts({ cursor: null })]);
    expect(answers[0]).toEqual({ ok: true, balance: BigInt(fake.balance * 1_000_000), currency: "USD" });
    await reloadly.balance();
    expect(tokenCalls() - before).toBe(1);
    expect(fake.tokenRequests.at(-1)).toEqual({
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
      grant_type: "client_credentials",
      audience: fake.url,
    });
  });

  it("fetches a new token when expires_in has passed", async () => {
    fake.expiresIn = 1;
    try {
      const reloadly = connector();
      const before = tokenCalls();
      await reloadly.balance();
      await reloadly.balance();
      expect(tokenCalls() - before).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect(await reloadly.balance()).toMatchObject({ ok: true });
      expect(tokenCalls() - before).toBe(2);
    } finally {
      fake.expiresIn = 5_184_000;
    }
  });

  it("a 401 TOKEN_EXPIRED refreshes the token once and places the order once", async () => {
    const reloadly = connector();
    await reloadly.balance();
    const before = tokenCalls();
    fake.expireTokens();
    const sent = order("1:10.00");
    const outcome = await reloadly.placeOrder(sent);
    expect(outcome).toMatchObject({ state: "completed" });
    expect(tokenCalls() - before).toBe(1);
    expect(fake.transactions.filter((t) => t.customIdentifier === sent.reference)).toHaveLength(1);
  });

  it("reads the catalog page by page: one product per fixed denomination, at the documented cost", async () => {
    fake.maxPageSize = 2;
    try {
      const reloadly = connector();
      const first = await reloadly.listProducts({ cursor: null });
      expect(first).toMatchObject({ ok: true, nextCursor: "2" });
      const second = await reloadly.listProducts({ cursor: "2" });
      expect(second).toMatchObject({ ok: true, nextCursor: "3" });
      const third = await reloadly.listProducts({ cursor: "3" });
      expect(third).toMatchObject({ ok: true, nextCursor: null });
      expect(fake.requests.filter((r) => r.startsWith("GET /products")).slice(-3)).toEqual([
        "GET /products?page=1&size=50&includeFixed=true&includeRange=false",
        "GET /products?page=2&size=50&includeFixed=true&includeRange=false",
        "GET /products?page=3&size=50&includeFixed=true&includeRange=false",
      ]);
      const all = [first, second, third].flatMap((page) => (page.ok ? page.products : []));
      // Riot asks for a user id: not offered. Amazon UK is inactive: listed, not available.
      expect(all.map((p) => [p.id, p.cost, p.currency, p.available])).toEqual([
        // 10 - 2% + 0.50 fee
        ["1:10.00", 10_300_000n, "USD", true],
        ["1:25.00", 25_000_000n, "USD", true],
        ["2:10.00", 10_000_000n, "USD", true],
        ["2:25.00", 25_000_000n, "USD", true],
        ["3:10.00", 10_300_000n, "USD", true],
        ["3:25.00", 25_000_000n, "USD", true],
        // 13.50 - 0.7% (0.0945) + 0.50 + 1% (0.135)
        ["4:10.00", 14_040_500n, "USD", false],
      ]);
      expect(all[0]).toEqual({
        id: "1:10.00",
        name: "Amazon US 10.00 USD",
        category: "giftcard",
        group: "Amazon",
        region: "US",
        cost: 10_300_000n,
        currency: "USD",
        available: true,
        fields: [],
        minQuantity: 1,
        maxQuantity: 10,
        meta: {},
      });
      expect(all.at(-1)).toMatchObject({ name: "Amazon UK 10.00 GBP", region: "GB", group: "Amazon" });
      const amazon = await reloadly.listProducts({ cursor: "2", group: "amazon" });
      expect(amazon.ok && amazon.products.map((p) => p.id)).toEqual(["4:10.00"]);
      const amazonFirst = await reloadly.listProducts({ cursor: null, group: "Amazon" });
      expect(amazonFirst.ok && amazonFirst.products.map((p) => p.id)).toEqual(["1:10.00", "1:25.00"]);
      const requestsBefore = fake.requests.length;
      expect(await reloadly.listProducts({ cursor: null, category: "topup" })).toEqual({ ok: true, products: [], nextCursor: null });
      expect(fake.requests.length).toBe(requestsBefore);
    } finally {
      fake.maxPageSize = 50;
    }
  });

  it("rounds the cost up, never below what Reloadly charges", () => {
    // 10.000001 - 3.33% (0.3330000333 rounded down to 0.333000) + 0.10 + 0.5% (0.050000005 rounded up to 0.050001)
    expect(unitCostOf(10_000_001n, 3_330_000n, 100_000n, 500_000n)).toBe(10_000_001n - 333_000n + 100_000n + 50_001n);
  });

  it("orders with our attempt id as customIdentifier and reads the redeem codes", async () => {
    const sent = order("1:25.00", 2);
    const outcome = await connector().placeOrder(sent);
    const [transaction] = fake.transactions.filter((t) => t.customIdentifier === sent.reference);
    expect(transaction.body).toEqual({ productId: 1, quantity: 2, unitPrice: 25, customIdentifier: sent.reference, senderName: "Gift card", preOrder: false });
    expect(outcome).toEqual({
      state: "completed",
      upstreamOrderId: String(transaction.transactionId),
      note: null,
      items: transaction.cards.map((card) => ({ code: card.cardNumber, pin: card.pinCode, serial: null })),
    });
  });

  it("a PENDING order is placed, and reconcile completes it", async () => {
    const reloadly = connector();
    const sent = order("3:10.00");
    const placed = await reloadly.placeOrder(sent);
    const [transaction] = fake.transactions.filter((t) => t.customIdentifier === sent.reference);
    expect(placed).toEqual({ state: "placed", upstreamOrderId: String(transaction.transactionId) });
    expect(await reloadly.reconcile(sent, String(transaction.transactionId))).toEqual(placed);
    fake.complete(transaction.transactionId);
    expect(await reloadly.reconcile(sent, String(transaction.transactionId))).toMatchObject({
      state: "completed",
      items: [{ code: transaction.cards[0].cardNumber }],
    });
    // By our reference alone, as after a crash before the transaction id was kept.
    expect(await reloadly.reconcile(sent, null)).toMatchObject({ state: "completed", items: [{ code: transaction.cards[0].cardNumber }] });
    expect(fake.transactions.filter((t) => t.customIdentifier === sent.reference)).toHaveLength(1);
  });

  it("a duplicate customIdentifier reads the existing transaction, never a second purchase", async () => {
    const reloadly = connector();
    const sent = order("2:10.00");
    const first = await reloadly.placeOrder(sent);
    const balanceAfterFirst = fake.balance;
    const again = await reloadly.placeOrder(sent);
    expect(again).toEqual(first);
    expect(fake.transactions.filter((t) => t.customIdentifier === sent.reference)).toHaveLength(1);
    expect(fake.balance).toBe(balanceAfterFirst);
  });

  it("an order whose answer was lost is unknown, then found by its customIdentifier", async () => {
    const reloadly = connector();
    const sent = order("2:25.00");
    fake.dropAnswer = (id) => id === sent.reference;
    try {
      expect(await reloadly.placeOrder(sent)).toMatchObject({ state: "unknown" });
    } finally {
      fake.dropAnswer = () => false;
    }
    expect(await reloadly.reconcile(sent, null)).toMatchObject({ state: "completed", items: [{ code: expect.stringMatching(/^RLD-/) }] });
    expect(fake.transactions.filter((t) => t.customIdentifier === sent.reference)).toHaveLength(1);
  });

  it("reconcile of an order Reloadly never received sends it again, once", async () => {
    const reloadly = connector();
    const sent = order("1:10.00");
    expect(await reloadly.reconcile(sent, null)).toMatchObject({ state: "completed" });
    expect(await reloadly.reconcile(sent, null)).toMatchObject({ state: "completed" });
    expect(fake.transactions.filter((t) => t.customIdentifier === sent.reference)).toHaveLength(1);
    expect(fake.requests.filter((r) => r === "POST /orders").length).toBeGreaterThan(0);
  });

  it("maps each documented refusal and failure to its outcome", async () => {
    const reloadly = connector();
    await reloadly.balance();
    const reloadlyError = (message: string, errorCode: string | null) =>
      JSON.stringify({ timeStamp: "2026-11-28 20:00:00", message, path: "/orders", errorCode, infoLink: null, details: [] });
    const answer = async (status: number, body: string, headers?: Record<string, string>) => {
      fake.answerNext.push({ status, body, headers });
      const before = fake.transactions.length;
      const outcome = await reloadly.placeOrder(order("1:10.00"));
      expect(fake.transactions.length).toBe(before);
      return outcome;
    };
    expect(await answer(400, reloadlyError("Your balance is insufficient", "INSUFFICIENT_BALANCE"))).toMatchObject({
      state: "refused",
      code: "supplier_unavailable",
    });
    expect(await answer(403, reloadlyError("Not authorized", "NOT_AUTHORIZED"))).toMatchObject({ state: "refused", code: "supplier_unavailable" });
    expect(await answer(404, reloadlyError("No message available", null))).toMatchObject({ state: "refused", code: "product_unavailable" });
    expect(await answer(429, reloadlyError("Too many requests", "RATE_LIMIT_REACHED"), { "Retry-After": "7" })).toMatchObject({
      state: "unknown",
      retryAfterMs: 7_000,
    });
    expect(await answer(500, reloadlyError("Internal error", "INTERNAL_SERVER_ERROR"))).toMatchObject({ state: "unknown" });
    expect(await answer(200, "{not json")).toMatchObject({ state: "unknown" });
    // 401 with a fresh token too: our credentials are refused; nothing was placed.
    fake.answerNext.push({ status: 401, body: reloadlyError("Full authentication is required to access this resource", "INVALID_TOKEN") });
    expect(await answer(401, reloadlyError("Full authentication is required to access this resource", "INVALID_TOKEN"))).toMatchObject({
      state: "refused",
      code: "supplier_unavailable",
    });
    // The fake's own refusals, as Reloadly documents them.
    expect(await reloadly.placeOrder(order("1:15.00"))).toMatchObject({
      state: "refused",
      code: "product_unavailable",
      message: "HTTP 400: Invalid price, please ensure you selected the right price.",
    });
    expect(await reloadly.placeOrder(order("99:10.00"))).toMatchObject({ state: "refused", code: "product_unavailable" });
    expect(await reloadly.placeOrder(order("not-an-id"))).toMatchObject({ state: "refused", code: "product_unavailable" });
    const rich = fake.balance;
    fake.balance = 1;
    try {
      expect(await reloadly.placeOrder(order("1:25.00"))).toMatchObject({
        state: "refused",
        code: "supplier_unavailable",
        message: expect.stringContaining("INSUFFICIENT_BALANCE"),
      });
    } finally {
      fake.balance = rich;
    }
  });

  it("wrong client credentials are a definite refusal that names neither secret nor token", async () => {
    const wrong = { clientId: fake.clientId, clientSecret: "wrong-secret-ThatMustNeverBeLogged-0000", authUrl: fake.url };
    const reloadly = connector(wrong);
    const outcome = await reloadly.placeOrder(order("1:10.00"));
    expect(outcome).toEqual({
      state: "refused",
      code: "supplier_unavailable",
      message: "Getting an access token: HTTP 401 INVALID_CREDENTIALS: Access Denied",
    });
    const balance = await reloadly.balance();
    expect(balance).toEqual({ ok: false, reason: "Getting an access token: HTTP 401 INVALID_CREDENTIALS: Access Denied" });
    expect(JSON.stringify([outcome, balance])).not.toContain(wrong.clientSecret);
    expect(await connector({ clientId: "x" } as unknown as Record<string, string>).balance()).toMatchObject({
      ok: false,
      reason: expect.stringContaining("credentials could not be read"),
    });
    // Not one of Reloadly's hosts and no authUrl: no auth server to ask.
    expect(await connector({ clientId: fake.clientId, clientSecret: fake.clientSecret }).placeOrder(order("1:10.00"))).toMatchObject({
      state: "refused",
      code: "supplier_unavailable",
      message: expect.stringContaining("authUrl"),
    });
  });

  it("an upstream echoing our credentials or token back has them taken out", async () => {
    const secret = "echoed-secret-ThatMustNeverBeLogged-1234";
    const echo = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        res.writeHead(req.url === "/oauth/token" ? 200 : 400, { "Content-Type": "application/json" });
        if (req.url === "/oauth/token") res.end(JSON.stringify({ access_token: "echo-token-abcdef123456", expires_in: 3600, token_type: "Bearer" }));
        else
          res.end(JSON.stringify({ message: `bad ${secret} with ${req.headers.authorization} and echo-token-abcdef123456`, errorCode: null, path: req.url }));
      });
    });
    await new Promise<void>((resolve) => echo.listen(0, "127.0.0.1", resolve));
    servers.push(echo);
    const url = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
    const reloadly = connector({ clientId: "echo-client-id", clientSecret: secret, authUrl: url }, url);
    const outcome = await reloadly.placeOrder(order("1:10.00"));
    const text = JSON.stringify(outcome);
    expect(outcome).toMatchObject({ state: "refused" });
    expect(text).not.toContain(secret);
    expect(text).not.toContain("echo-token-abcdef123456");
    expect(text).toContain("[credentials]");
  });

  it("never connected is a definite refusal: nothing left", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    expect(await connector({ clientId: "a-client", clientSecret: "a-secret-value", authUrl: url }, url).placeOrder(order("1:10.00"))).toMatchObject({
      state: "refused",
      code: "supplier_unavailable",
      message: expect.stringContaining("Connection refused"),
    });
  });

  it("checks no recipient: gift cards have none", async () => {
    expect(await connector().checkRecipient("1:10.00", product, {})).toBeNull();
  });
});
