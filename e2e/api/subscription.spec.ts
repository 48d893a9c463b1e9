import { parseMoney } from "@/lib/money/money";
import { expect, test } from "../support/test";

/** Henry is Silver with 1000.00; ivy is Bronze with 5.00. Tests run in order: henry's state carries over. */
test.describe.configure({ mode: "serial" });

test.describe("subscription API", () => {
  test("GET answers the tier, its period and the three tariffs, on both surfaces", async ({ request, fixtures }) => {
    const headers = { "X-API-Key": fixtures.henry.apiKey };
    const response = await request.get("/api/v2/subscription", { headers });
    expect(response.status()).toBe(200);
    expect(response.headers()["x-ratelimit-limit"]).toBe("30"); // account_read
    const body = await response.json();
    expect(body).toMatchObject({
      tier: "Silver",
      status: "active",
      auto_renew: true,
      price: "49.00",
      effective_tier: "Silver",
      pending_tier: null,
      next_period_paid: false,
    });
    expect(body.discounts).toMatchObject({ giftcard: "3.5" });
    expect(Date.parse(body.current_period_end) - Date.parse(body.current_period_start)).toBeGreaterThanOrEqual(28 * 86_400_000);
    expect(body.tiers.map((t: { tier: string; price: string }) => [t.tier, t.price])).toEqual([
      ["Bronze", "0.00"],
      ["Silver", "49.00"],
      ["Gold", "149.00"],
    ]);
    const twin = await request.get("/api/subscription", { headers });
    expect(await twin.json()).toEqual(body);

    const bronze = await (await request.get("/api/v2/subscription", { headers: { "X-API-Key": fixtures.ivy.apiKey } })).json();
    expect(bronze).toMatchObject({ tier: "Bronze", status: "active", current_period_start: null, current_period_end: null, price: "0.00", discounts: {} });
  });

  test("bad inputs are 400 validation_error", async ({ request, fixtures }) => {
    const headers = { "X-API-Key": fixtures.henry.apiKey };
    const cases: [string, unknown, string][] = [
      ["/api/v2/subscription/upgrade", { tier: "Platinum" }, "tier"],
      ["/api/v2/subscription/upgrade", { tier: "Silver" }, "tier"], // the same tier
      ["/api/v2/subscription/upgrade", { tier: "Bronze" }, "tier"], // a downgrade through upgrade
      ["/api/v2/subscription/upgrade", {}, "tier"],
      ["/api/v2/subscription/renew", { tier: "Diamond" }, "tier"],
      ["/api/v2/subscription/renew", { tier: "Gold" }, "tier"], // up is upgrade's job
      ["/api/v2/subscription/renew", { tier: "Silver", months: 2 }, "months"],
      ["/api/v2/subscription/auto-renew", { enabled: "yes" }, "enabled"],
      ["/api/subscription/auto-renew", { enabled: 1 }, "enabled"],
      ["/api/subscription/upgrade", { tier: "Gold", colour: "blue" }, "colour"],
    ];
    for (const [path, data, field] of cases) {
      const response = await request.post(path, { headers, data });
      expect(response.status(), `${path} ${JSON.stringify(data)}`).toBe(400);
      const { error } = await response.json();
      expect(error.code).toBe("validation_error");
      expect(error.details.issues[0].path).toBe(field);
    }
    // Nothing was charged by any of them.
    const txns = await (await request.get("/api/v2/transactions?type=subscription", { headers })).json();
    expect(txns.data).toEqual([]);
  });

  test("402 insufficient_balance when the balance is short, and nothing changes", async ({ request, fixtures }) => {
    const headers = { "X-API-Key": fixtures.ivy.apiKey };
    for (const [path, data] of [
      ["/api/v2/subscription/upgrade", { tier: "Silver" }],
      ["/api/subscription/renew", { tier: "Gold" }],
    ] as const) {
      const response = await request.post(path, { headers, data });
      expect(response.status()).toBe(402);
      expect((await response.json()).error).toMatchObject({ code: "insufficient_balance", details: { balance: "5.00" } });
    }
    expect(await (await request.get("/api/v2/subscription", { headers })).json()).toMatchObject({ tier: "Bronze" });
    expect(await (await request.get("/api/v2/balance", { headers })).json()).toEqual({ balance: "5.00", currency: "USD" });
  });

  test("auto-renew answers the whole subscription", async ({ request, fixtures }) => {
    const headers = { "X-API-Key": fixtures.henry.apiKey };
    const off = await request.post("/api/v2/subscription/auto-renew", { headers, data: { enabled: false } });
    expect(off.status()).toBe(200);
    expect(off.headers()["x-ratelimit-limit"]).toBe("120"); // default
    expect(await off.json()).toMatchObject({ tier: "Silver", status: "active", auto_renew: false, price: "49.00" });
    const on = await request.post("/api/subscription/auto-renew", { headers, data: { enabled: true } });
    expect((await on.json()).auto_renew).toBe(true);
  });

  test("upgrade charges the prorated difference and applies at once; catalog prices drop", async ({ request, fixtures }) => {
    const headers = { "X-API-Key": fixtures.henry.apiKey };
    const before = await (await request.get("/api/v2/subscription", { headers })).json();
    const priceBefore = (await (await request.get("/api/v2/prices", { headers })).json()).data.find((p: { sku: string }) => p.sku === "giftcard-steam-us-20");
    const sent = Date.now();
    const response = await request.post("/api/v2/subscription/upgrade", { headers, data: { tier: "Gold" } });
    const received = Date.now();
    expect(response.status()).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ tier: "Gold", status: "active", price: "149.00", effective_tier: "Gold", current_period_end: before.current_period_end });
    expect(body.discounts).toMatchObject({ giftcard: "6" });

    // The charge is 100.00 x remaining / period length, taken at some moment between sending and receiving.
    const [txn] = (await (await request.get("/api/v2/transactions?type=subscription", { headers })).json()).data;
    const charged = -parseMoney(txn.amount)!;
    const start = Date.parse(before.current_period_start);
    const end = Date.parse(before.current_period_end);
    const at = (t: number) => (100_000_000n * BigInt(end - t)) / BigInt(end - start);
    expect(charged).toBeLessThanOrEqual(at(sent - 1000) + 1n);
    expect(charged).toBeGreaterThanOrEqual(at(received + 1000));
    expect(txn.type).toBe("subscription");

    const priceAfter = (await (await request.get("/api/v2/prices", { headers })).json()).data.find((p: { sku: string }) => p.sku === "giftcard-steam-us-20");
    expect(parseMoney(priceAfter.price)!).toBeLessThan(parseMoney(priceBefore.price)!);
    expect(priceAfter.price).toBe("18.236");
  });

  test("renew pays the next month once and extends the period by a month; a lower tier is pending", async ({ request, fixtures }) => {
    const headers = { "X-API-Key": fixtures.henry.apiKey };
    const before = await (await request.get("/api/v2/subscription", { headers })).json();
    const renewed = await request.post("/api/subscription/renew", { headers, data: { tier: "Silver" } });
    expect(renewed.status()).toBe(200);
    const body = await renewed.json();
    expect(body).toMatchObject({ tier: "Gold", pending_tier: "Silver", pending_from: before.current_period_end, next_period_paid: true });
    const end = new Date(before.current_period_end);
    const expected = new Date(end);
    expected.setUTCMonth(expected.getUTCMonth() + 1);
    if (expected.getUTCDate() !== end.getUTCDate()) expected.setUTCDate(0);
    expect(body.current_period_end).toBe(expected.toISOString());

    // Again, and twice at once: the next month is paid already, so nothing more is charged.
    const again = await Promise.all([1, 2].map(() => request.post("/api/v2/subscription/renew", { headers, data: {} })));
    for (const r of again) expect(r.status()).toBe(200);
    const txns = (await (await request.get("/api/v2/transactions?type=subscription", { headers })).json()).data;
    expect(txns.map((t: { amount: string }) => t.amount)[0]).toBe("-49.00");
    expect(txns).toHaveLength(2); // the upgrade and one renewal

    // Balance equals the sum of the ledger.
    const all = (await (await request.get("/api/v2/transactions?limit=100", { headers })).json()).data;
    const sum = all.reduce((total: bigint, t: { amount: string }) => total + parseMoney(t.amount)!, 0n);
    const { balance } = await (await request.get("/api/v2/balance", { headers })).json();
    expect(sum).toBe(parseMoney(balance));
  });

  test("the API document describes the proration", async ({ request }) => {
    const doc = await (await request.get("/api/v2/openapi.json")).json();
    expect(doc.paths["/api/v2/subscription/upgrade"].post.description).toMatch(/rounded half up to the micro-dollar/);
    expect(doc.paths["/api/subscription"].get).toBeTruthy();
  });
});
