import { parseMoney } from "@/lib/money/money";
import { expect, test } from "../support/test";

test.describe("account reads", () => {
  test("balance is a decimal string and equals the sum of the transactions", async ({ request, fixtures }) => {
    const headers = { "X-API-Key": fixtures.bob.apiKey };
    const balance = await request.get("/api/v2/balance", { headers });
    expect(balance.status()).toBe(200);
    const { balance: amount, currency } = await balance.json();
    expect(currency).toBe("USD");
    expect(amount).toMatch(/^\d+\.\d{2,6}$/);

    const list = await request.get("/api/v2/transactions?limit=100", { headers });
    expect(list.status()).toBe(200);
    const page = await list.json();
    expect(page.next_cursor).toBeNull();
    const sum = page.data.reduce((total: bigint, t: { amount: string }) => total + parseMoney(t.amount)!, 0n);
    expect(page.data.length).toBeGreaterThan(0);
    expect(sum).toBe(parseMoney(amount));
  });

  test("rate-limit headers and a request id come with every answer", async ({ request, fixtures }) => {
    const response = await request.get("/api/v2/balance", { headers: { "X-API-Key": fixtures.alice.apiKey } });
    const headers = response.headers();
    expect(headers["x-ratelimit-limit"]).toBe("30");
    expect(Number(headers["x-ratelimit-remaining"])).toBeLessThan(30);
    expect(Number(headers["x-ratelimit-reset"])).toBeGreaterThanOrEqual(0);
    expect(headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  test("a transaction reads by id on both surfaces", async ({ request, fixtures }) => {
    const headers = { "X-API-Key": fixtures.alice.apiKey };
    const v2 = await request.get(`/api/v2/transactions/${fixtures.aliceTransactionId}`, { headers });
    expect(v2.status()).toBe(200);
    expect(await v2.json()).toMatchObject({
      transaction_id: fixtures.aliceTransactionId,
      type: "adjustment",
      amount: "100.00",
      balance_after: "100.00",
      order_id: null,
      payment_id: null,
      description: "E2E opening balance",
    });
    const twin = await request.get(`/api/transaction/${fixtures.aliceTransactionId}`, { headers });
    expect(await twin.json()).toEqual(await v2.json());
  });

  test("transactions filter by creation time, both ends inclusive, on both surfaces", async ({ request, fixtures }) => {
    // Bob's key: alice's account-read budget is spent by many other tests in the same minute.
    const headers = { "X-API-Key": fixtures.bob.apiKey };
    const opening = await (await request.get(`/api/v2/transactions/${fixtures.bobTransactionId}`, { headers })).json();
    const at = new Date(opening.created_at).getTime();
    const ids = async (path: string, query: Record<string, number>) => {
      const search = new URLSearchParams(Object.entries(query).map(([name, time]) => [name, new Date(time).toISOString()]));
      const response = await request.get(`${path}?${search}`, { headers });
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()).data.map((t: { transaction_id: string }) => t.transaction_id);
    };
    for (const path of ["/api/v2/transactions", "/api/transactions"]) {
      expect(await ids(path, { from: at, to: at })).toEqual([fixtures.bobTransactionId]);
      expect(await ids(path, { from: at + 1 })).not.toContain(fixtures.bobTransactionId);
      expect(await ids(path, { to: at - 1 })).toEqual([]);
    }

    const refused = await request.get("/api/v2/transactions?from=2026-11-01", { headers });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).error.details.issues).toEqual([
      { path: "query.from", message: "Must be an ISO 8601 time with Z or an offset, such as 2026-11-01T00:00:00Z; send an offset's + as %2B." },
    ]);
  });

  test("another reseller's transaction reads as 404, never 403", async ({ request, fixtures }) => {
    const response = await request.get(`/api/v2/transactions/${fixtures.bobTransactionId}`, { headers: { "X-API-Key": fixtures.alice.apiKey } });
    expect(response.status()).toBe(404);
    expect((await response.json()).error).toMatchObject({ code: "not_found", retryable: false });
  });

  test("transactions filter by type and paginate with a cursor", async ({ request, fixtures }) => {
    const headers = { "X-API-Key": fixtures.alice.apiKey };
    const none = await request.get("/api/v2/transactions?type=refund", { headers });
    expect(await none.json()).toEqual({ data: [], next_cursor: null });
    const first = await (await request.get("/api/transactions?limit=1&type=adjustment", { headers })).json();
    expect(first.data).toHaveLength(1);
  });
});
