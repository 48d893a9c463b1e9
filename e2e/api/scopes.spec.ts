import { operations } from "@/lib/api/operations";
import { expect, test } from "../support/test";

/** Every path that places an order or writes in one, on both surfaces: the operations that need orders:write. */
const ORDER_WRITES = operations
  .filter((operation) => operation.scope === "orders:write")
  .flatMap((operation) => [operation.path, operation.resellerPath].filter((p): p is string => Boolean(p)).map((path) => ({ operation, path })));

const withIds = (path: string) => path.replace(/\{\w+\}/g, "ord_01JD8X3Q5N7R9T1V3W5Y7Z9B1C");
const ORDER = { sku: "giftcard-steam-us-20", quantity: 1 };

test.describe("scoped API keys", () => {
  test("a key without orders:write gets 403 naming the scope on every order path of both surfaces, and nothing is placed", async ({ request, fixtures }) => {
    expect(ORDER_WRITES.length).toBeGreaterThanOrEqual(12);
    const headers = { "X-API-Key": fixtures.umaNoOrdersKey };
    const before = await (await request.get("/api/v2/balance", { headers })).json();
    for (const { operation, path } of ORDER_WRITES) {
      const response = await request.fetch(withIds(path), { method: operation.method, headers, data: ORDER });
      expect(response.status(), path).toBe(403);
      const { error } = await response.json();
      expect(error, path).toMatchObject({ code: "forbidden", retryable: false, details: { scope: "orders:write" } });
      expect(error.message, path).toContain("orders:write");
    }
    // Reads the key holds still answer, and the balance has not moved.
    expect(await (await request.get("/api/v2/balance", { headers })).json()).toEqual(before);
    const orders = await request.get("/api/orders", { headers });
    expect(orders.status()).toBe(200);
  });

  test("the audit log lists the changes made through the API, with the key and IP, and filters them", async ({ request, fixtures, clientIp }) => {
    const headers = { "X-API-Key": fixtures.uma.apiKey };
    const placed = await request.post("/api/v2/gift-cards", { headers, data: { ...ORDER, reference: `audit-${Date.now()}` } });
    expect(placed.status()).toBe(201);
    const order = await placed.json();
    const webhook = await request.put("/api/v2/account/webhook", { headers, data: { url: "http://127.0.0.1:9/uma", enabled: false } });
    expect(webhook.status()).toBe(200);
    const refused = await request.post("/api/topup/order", { headers: { "X-API-Key": fixtures.umaNoOrdersKey }, data: ORDER });
    expect(refused.status()).toBe(403);

    const log = await request.get("/api/v2/audit-log?limit=10", { headers });
    expect(log.status()).toBe(200);
    const page = await log.json();
    // Newest first; below them, the seed's creation of Rita's keys.
    expect(page.data.map((entry: { action: string }) => entry.action)).toEqual(["webhook.changed", "order.placed", "api_key.created", "api_key.created"]);
    const [changed, orderEntry] = page.data;
    expect(orderEntry).toMatchObject({
      action: "order.placed",
      subject: order.order_id,
      actor: { type: "api_key", member_id: fixtures.uma.id, email: fixtures.uma.email, key_name: "e2e", key_prefix: fixtures.uma.apiKey.slice(0, 12) },
      details: { sku: ORDER.sku, quantity: 1, total: order.total, source: "api" },
      ip: clientIp,
    });
    expect(changed).toMatchObject({ details: { url: "http://127.0.0.1:9/uma", enabled: false }, ip: clientIp });
    expect(changed.actor.key_id).toBe(orderEntry.actor.key_id);

    const filtered = await (await request.get("/api/v2/audit-log?action=order.placed", { headers })).json();
    expect(filtered.data.map((entry: { entry_id: string }) => entry.entry_id)).toEqual([orderEntry.entry_id]);
    const byKey = await (await request.get(`/api/v2/audit-log?actor=${orderEntry.actor.key_id}&from=2020-01-01T00:00:00Z`, { headers })).json();
    expect(byKey.data).toHaveLength(2);
    const paged = await (await request.get("/api/v2/audit-log?limit=1", { headers })).json();
    expect(paged.next_cursor).toBe(changed.entry_id);

    const badActor = await request.get("/api/v2/audit-log?actor=someone", { headers });
    expect(badActor.status()).toBe(400);
    expect((await badActor.json()).error.details.issues[0].path).toBe("query.actor");
  });

  test("the audit log is the account's own", async ({ request, fixtures }) => {
    const other = await request.get("/api/v2/audit-log", { headers: { "X-API-Key": fixtures.alice.apiKey } });
    expect(other.status()).toBe(200);
    const entries: { actor: { member_id: string | null } }[] = (await other.json()).data;
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((entry) => entry.actor.member_id === fixtures.alice.id)).toBe(true);
  });
});
