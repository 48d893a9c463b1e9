import { isTronAddress } from "@/lib/payments/tron-address";
import { expect, test } from "../support/test";

/** Leo (balance 0) is this spec's reseller; the sandbox transfers that pay invoices are the browser spec's. */
test.describe("USDT (TRC-20) top-up API", () => {
  test("POST /api/v2/payments opens an invoice to the reseller's own permanent address", async ({ request, fixtures }) => {
    const headers = { "X-API-Key": fixtures.leo.apiKey };
    const before = Date.now();
    const response = await request.post("/api/v2/payments", { headers, data: { amount: "100" } });
    expect(response.status()).toBe(201);
    expect(response.headers()["x-ratelimit-limit"]).toBe("15"); // payment_write
    const invoice = await response.json();
    expect(invoice).toMatchObject({
      method: "usdt-trc20",
      network: "TRC20",
      status: "pending",
      amount: "100.00",
      received_amount: "0.00",
      paid_at: null,
      transfers: [],
    });
    expect(invoice.payment_id).toMatch(/^pay_[0-9A-Z]{26}$/);
    expect(response.headers()["location"]).toBe(`/api/v2/payments/${invoice.payment_id}`);
    expect(isTronAddress(invoice.address)).toBe(true);
    const ttl = Date.parse(invoice.expires_at) - Date.parse(invoice.created_at);
    expect(ttl).toBe(60 * 60_000);
    expect(Date.parse(invoice.created_at)).toBeGreaterThanOrEqual(before - 1000);

    // The reseller-API path, a fraction of a cent and a single leading zero: the same address every time.
    const twin = await request.post("/api/balance/topup/usdt-trc20", { headers, data: { amount: "25.123456" } });
    expect(twin.status()).toBe(201);
    expect(await twin.json()).toMatchObject({ amount: "25.123456", address: invoice.address, status: "pending" });
    const fraction = await request.post("/api/v2/payments", { headers, data: { amount: "50.5" } });
    expect(await fraction.json()).toMatchObject({ amount: "50.50", address: invoice.address });

    // Another reseller gets another address.
    const other = await (await request.post("/api/v2/payments", { headers: { "X-API-Key": fixtures.kate.apiKey }, data: { amount: "10" } })).json();
    expect(isTronAddress(other.address)).toBe(true);
    expect(other.address).not.toBe(invoice.address);
  });

  test("GET lists the reseller's invoices newest first and reads one; another reseller's is 404", async ({ request, fixtures }) => {
    const headers = { "X-API-Key": fixtures.leo.apiKey };
    const created = await (await request.post("/api/v2/payments", { headers, data: { amount: "12.50" } })).json();

    const list = await request.get("/api/v2/payments?limit=2", { headers });
    expect(list.status()).toBe(200);
    expect(list.headers()["x-ratelimit-limit"]).toBe("120"); // default
    const page = await list.json();
    expect(page.data[0]).toEqual(created);
    expect(page.data).toHaveLength(2);
    expect(page.next_cursor).toBe(page.data[1].payment_id);
    const older = await (await request.get(`/api/v2/payments?limit=100&cursor=${page.next_cursor}`, { headers })).json();
    expect(older.data.every((p: { payment_id: string }) => p.payment_id < page.next_cursor)).toBe(true);
    const pending = await (await request.get("/api/v2/payments?status=paid", { headers })).json();
    expect(pending.data).toEqual([]);

    const one = await request.get(`/api/v2/payments/${created.payment_id}`, { headers });
    expect(await one.json()).toEqual(created);

    const foreign = await request.get(`/api/v2/payments/${created.payment_id}`, { headers: { "X-API-Key": fixtures.kate.apiKey } });
    expect(foreign.status()).toBe(404);
    expect((await foreign.json()).error.code).toBe("not_found");
    expect((await request.get("/api/v2/payments/pay_00000000000000000000000000", { headers })).status()).toBe(404);
    expect((await request.get("/api/v2/payments/pay_%27%3B--", { headers })).status()).toBe(400);
  });

  test("amounts outside the bounds or not money are 400 validation_error and open nothing", async ({ request, fixtures }) => {
    const headers = { "X-API-Key": fixtures.kate.apiKey };
    const before = (await (await request.get("/api/v2/payments?limit=100", { headers })).json()).data.length;
    const cases: [unknown, RegExp][] = [
      [{ amount: "9.99" }, /from 10.00 to 100000.00/],
      [{ amount: "100000.01" }, /from 10.00 to 100000.00/],
      [{ amount: "0" }, /more than 0/],
      [{ amount: "0.000000" }, /more than 0/],
      [{}, /amount: Required/],
      [{ amount: "20", currency: "BTC" }, /currency/],
    ];
    for (const [data, message] of cases) {
      const response = await request.post("/api/v2/payments", { headers, data });
      expect(response.status(), JSON.stringify(data)).toBe(400);
      const { error } = await response.json();
      expect(error.code).toBe("validation_error");
      expect(error.message).toMatch(message);
    }
    const after = (await (await request.get("/api/v2/payments?limit=100", { headers })).json()).data.length;
    expect(after).toBe(before);
  });

  test("money that is not a decimal string of digits is 400 validation_error saying the form, and opens nothing", async ({ request, fixtures }) => {
    // Ivy's key, whose 15 payment writes a minute no other case spends.
    const headers = { "X-API-Key": fixtures.ivy.apiKey };
    const before = (await (await request.get("/api/v2/payments?limit=100", { headers })).json()).data.length;
    const expected = 'Must be a decimal string of US dollars such as "25.50", with at most 6 fraction digits.';
    for (const amount of [100, 25.5, "1e2", " 100", "00050", "+5", "5.", ".5", "-20", "ten", "10.0000001", null]) {
      const response = await request.post("/api/v2/payments", { headers, data: { amount } });
      expect(response.status(), JSON.stringify(amount)).toBe(400);
      expect(response.headers()["x-request-id"]).toBeTruthy();
      const { error } = await response.json();
      expect(error.code).toBe("validation_error");
      expect(error.details.issues, JSON.stringify(amount)).toEqual([{ path: "amount", message: expected }]);
    }
    const after = (await (await request.get("/api/v2/payments?limit=100", { headers })).json()).data.length;
    expect(after).toBe(before);
  });

  test("the payment paths need a key and are in the OpenAPI document", async ({ request }) => {
    expect((await request.post("/api/v2/payments", { data: { amount: "10" } })).status()).toBe(401);
    expect((await request.get("/api/v2/payments")).status()).toBe(401);
    const doc = await (await request.get("/api/v2/openapi.json")).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/api/v2/payments", "/api/v2/payments/{paymentId}", "/api/balance/topup/usdt-trc20"]));
    expect(doc.paths["/api/v2/payments"].post.responses["201"]).toBeDefined();
    const amount = doc.paths["/api/v2/payments"].post.requestBody.content["application/json"].schema.properties.amount;
    expect(amount).toMatchObject({ type: "string", example: "100" });
    const pattern = new RegExp(amount.pattern);
    expect(["100", "0.50", "25.123456"].filter((text) => pattern.test(text))).toHaveLength(3);
    expect(["1e2", " 100", "00050", "+5", "5.", ".5", "25.1234567"].filter((text) => pattern.test(text))).toEqual([]);
  });
});
