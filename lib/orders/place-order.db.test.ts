import { and, eq, sql, sum } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addStockCodes } from "@/lib/catalog/stock";
import type { Database } from "@/lib/db/client";
import { events, jobs, ledgerEntries, orders, products, stockCodes, users } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { AppError } from "@/lib/errors/app-error";
import { runDueJobsOnce } from "@/lib/jobs/worker";
import "@/lib/orders/fulfil-job";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { placeOrder, type PlaceOrderInput } from "./place-order";
import { toDeliveredOrderRecord, toOrderRecord } from "./serialize";
import { resellerWithBalance, testProduct } from "./testing/helpers";
import { refundOrder } from "./transitions";

process.env.SUPPLIER_DELAY ??= "0";

describe(`placing orders (${testDriver()})`, () => {
  let database: Database;
  const playerField = [{ name: "player_id", label: "Player ID", required: true, pattern: "^[0-9a-z]{4,12}$" }];
  beforeAll(async () => {
    database = await createTestDatabase({ maxConnections: 20 });
    await ensureTariffs(database.db);
    await testProduct(database.db, { sku: "gc-5", category: "giftcard", fulfilment: "stock", listPrice: 5_000_000n });
    await testProduct(database.db, { sku: "gc-race", category: "giftcard", fulfilment: "stock", listPrice: 1_000_000n, maxQuantity: 1 });
    await testProduct(database.db, { sku: "tu-1", category: "topup", fulfilment: "supplier", listPrice: 1_500_000n, fields: playerField });
    await addStockCodes(
      database.db,
      "gc-5",
      Array.from({ length: 50 }, (_, i) => ({ code: `GC5-${i}`, pin: null, serial: null })),
    );
  });
  afterAll(async () => {
    await database.close();
  });

  async function ledgerState(userId: string) {
    const [user] = await database.db.select({ balance: users.balance }).from(users).where(eq(users.id, userId));
    const [row] = await database.db
      .select({ total: sum(ledgerEntries.amount) })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, userId));
    return { balance: user.balance, ledgerSum: BigInt(row.total ?? "0") };
  }

  it("a stock order's codes come back opened, item for item: its answer is the same bytes as the order read back", async () => {
    const user = await resellerWithBalance(database.db, 20_000_000n);
    const { order, opened } = await placeOrder(database.db, { user, sku: "gc-5", quantity: 3, fields: {}, source: "api" });
    expect(opened).toHaveLength(3);
    const [stored] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(JSON.stringify(toDeliveredOrderRecord(order, opened!))).toBe(JSON.stringify(toOrderRecord(stored)));
    expect(toOrderRecord(stored).delivery!.items.map((item) => item.code)).toEqual(opened!.map((item) => item.code));
  });

  it("a stock order is charged and delivered before it returns, with both events written", async () => {
    const user = await resellerWithBalance(database.db, 20_000_000n);
    const { order } = await placeOrder(database.db, { user, sku: "gc-5", quantity: 2, fields: {}, source: "api" });
    const record = toOrderRecord(order);
    expect(record).toMatchObject({ status: "completed", quantity: 2, unit_price: "5.00", total: "10.00", type: "giftcard" });
    expect(record.delivery!.items).toHaveLength(2);
    expect(record.delivery!.items[0].code).toMatch(/^GC5-\d+$/);
    // Completed in the transaction that made it: one stamp for all three.
    expect([record.updated_at, record.completed_at]).toEqual([record.created_at, record.created_at]);
    expect(await ledgerState(user.id)).toEqual({ balance: 10_000_000n, ledgerSum: 10_000_000n });
    // Both events come from the order's one transaction, so they share its timestamp.
    const written = await database.db.select().from(events).where(eq(events.userId, user.id));
    expect(written.map((e) => e.type).sort()).toEqual(["order.created", "order.status_changed"]);
    expect(written.find((e) => e.type === "order.created")!.data).toMatchObject({ order_id: order.id, status: "processing" });
    expect(written.find((e) => e.type === "order.status_changed")!.data).toMatchObject({
      order_id: order.id,
      status: "completed",
      previous_status: "processing",
      type: "giftcard",
    });
    expect(
      await database.db
        .select()
        .from(jobs)
        .where(sql`${jobs.kind} = 'order.fulfil' and ${jobs.payload}->>'orderId' = ${order.id}`),
    ).toEqual([]);
    expect(JSON.stringify(written)).not.toContain("GC5-");
  });

  it("prices follow the subscription as stored when the order is placed, not the caller's copy of it", async () => {
    const user = await resellerWithBalance(database.db, 100_000_000n);
    const now = Date.now();
    // The caller's copy (a cached API key's) still says Bronze; the account was upgraded to Gold since.
    await database.db
      .update(users)
      .set({ tier: "Gold", subscriptionStatus: "active", periodStart: new Date(now - 86_400_000), periodEnd: new Date(now + 86_400_000) })
      .where(eq(users.id, user.id));
    const gold = await placeOrder(database.db, { user, sku: "gc-5", quantity: 1, fields: {}, source: "api" });
    expect(toOrderRecord(gold.order).unit_price).toBe("4.70");

    await database.db.update(users).set({ subscriptionStatus: "expired" }).where(eq(users.id, user.id));
    const lapsed = await placeOrder(database.db, { user: { id: user.id }, sku: "gc-5", quantity: 1, fields: {}, source: "api" });
    expect(toOrderRecord(lapsed.order).unit_price).toBe("5.00");
    expect(await ledgerState(user.id)).toEqual({ balance: 100_000_000n - 4_700_000n - 5_000_000n, ledgerSum: 100_000_000n - 4_700_000n - 5_000_000n });
  });

  it("an order refused for its balance or its stock leaves no order, event, charge or claimed code behind", async () => {
    await testProduct(database.db, { sku: "gc-few", category: "giftcard", fulfilment: "stock", listPrice: 2_000_000n });
    await addStockCodes(database.db, "gc-few", [{ code: "FEW-1", pin: null, serial: null }]);
    const poor = await resellerWithBalance(database.db, 1_000_000n);
    await expect(placeOrder(database.db, { user: poor, sku: "gc-few", quantity: 1, fields: {}, source: "api" })).rejects.toMatchObject({
      code: "insufficient_balance",
      details: { balance: "1.00", required: "2.00" },
    });
    await expect(placeOrder(database.db, { user: poor, sku: "gc-few", quantity: 2, fields: {}, source: "api" })).rejects.toMatchObject({
      code: "insufficient_balance",
    });
    expect(await ledgerState(poor.id)).toEqual({ balance: 1_000_000n, ledgerSum: 1_000_000n });
    expect(await database.db.select().from(orders).where(eq(orders.userId, poor.id))).toEqual([]);
    expect(await database.db.select().from(events).where(eq(events.userId, poor.id))).toEqual([]);
    const [code] = await database.db.select().from(stockCodes).where(eq(stockCodes.sku, "gc-few"));
    expect(code).toMatchObject({ orderId: null, deliveredAt: null });

    const rich = await resellerWithBalance(database.db, 5_000_000n);
    const { order } = await placeOrder(database.db, { user: rich, sku: "gc-few", quantity: 1, fields: {}, source: "api" });
    expect(toOrderRecord(order).delivery!.items.map((item) => item.code)).toEqual(["FEW-1"]);
  });

  it("a failing sandbox recipient ends failed with the money back and both events written", async () => {
    const user = await resellerWithBalance(database.db, 5_000_000n);
    const { order } = await placeOrder(database.db, { user, sku: "tu-1", quantity: 1, fields: { player_id: "12340000" }, source: "api" });
    expect(order.status).toBe("processing");
    expect((await ledgerState(user.id)).balance).toBe(3_500_000n);
    await runDueJobsOnce(database.db, "test-worker");
    const [after] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after.status).toBe("failed");
    expect(after.failureReason).toMatch(/12340000/);
    expect(await ledgerState(user.id)).toEqual({ balance: 5_000_000n, ledgerSum: 5_000_000n });
    const types = (await database.db.select().from(events).where(eq(events.userId, user.id))).map((e) => `${e.type}:${e.data.status}`);
    expect(types.sort()).toEqual(["order.created:processing", "order.status_changed:failed"]);
  });

  it("a good sandbox recipient completes after the supplier answers", async () => {
    const user = await resellerWithBalance(database.db, 5_000_000n);
    const { order } = await placeOrder(database.db, { user, sku: "tu-1", quantity: 2, fields: { player_id: "123456" }, source: "panel" });
    await runDueJobsOnce(database.db, "test-worker");
    const [after] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(toOrderRecord(after)).toMatchObject({ status: "completed", source: "panel", delivery: { items: [], note: expect.stringContaining("123456") } });
    expect(after.completedAt).toEqual(after.updatedAt);
    expect(after.completedAt!.getTime()).toBeGreaterThan(after.createdAt.getTime());
    expect((await ledgerState(user.id)).balance).toBe(2_000_000n);
  });

  it("a refund turns completed into refunded and returns the charge", async () => {
    const user = await resellerWithBalance(database.db, 5_000_000n);
    const { order } = await placeOrder(database.db, { user, sku: "gc-5", quantity: 1, fields: {}, source: "api" });
    const refunded = await database.db.transaction((tx) => refundOrder(tx, order.id, "customer complaint"));
    expect(refunded.status).toBe("refunded");
    expect(await ledgerState(user.id)).toEqual({ balance: 5_000_000n, ledgerSum: 5_000_000n });
    await expect(database.db.transaction((tx) => refundOrder(tx, order.id, "again"))).rejects.toMatchObject({ code: "validation_error" });
  });

  it.each([
    [{ sku: "nope" }, "product_unavailable"],
    [{ sku: "tu-1", categories: ["giftcard" as const] }, "wrong_category"],
    [{ sku: "gc-5", quantity: 11 }, "validation_error"],
    [{ sku: "gc-5", quantity: 0 }, "validation_error"],
    [{ sku: "tu-1", fields: {} }, "validation_error"],
    [{ sku: "tu-1", fields: { player_id: "!!" } }, "validation_error"],
    [{ sku: "tu-1", fields: { player_id: "123456", extra: "x" } }, "validation_error"],
    [{ sku: "gc-5", quantity: 3 }, "insufficient_balance"],
  ])("refuses %j with %s and charges nothing", async (overrides: Partial<PlaceOrderInput> & { sku: string }, code) => {
    const user = await resellerWithBalance(database.db, 12_000_000n);
    const attempt = placeOrder(database.db, { user, quantity: 1, fields: {}, source: "api", ...overrides });
    await expect(attempt).rejects.toMatchObject({ code });
    expect((await ledgerState(user.id)).balance).toBe(12_000_000n);
  });

  it("a reference is unique per reseller and names the order that holds it", async () => {
    const user = await resellerWithBalance(database.db, 20_000_000n);
    const { order } = await placeOrder(database.db, { user, sku: "gc-5", quantity: 1, fields: {}, reference: "shop-1", source: "api" });
    await expect(placeOrder(database.db, { user, sku: "gc-5", quantity: 1, fields: {}, reference: "shop-1", source: "api" })).rejects.toMatchObject({
      code: "duplicate_reference",
      details: { order_id: order.id },
    });
    const other = await resellerWithBalance(database.db, 20_000_000n);
    await expect(placeOrder(database.db, { user: other, sku: "gc-5", quantity: 1, fields: {}, reference: "shop-1", source: "api" })).resolves.toBeTruthy();
  });

  it("a balance for exactly N orders and 4N simultaneous creates: N succeed, the rest 402, balance zero", async () => {
    const n = 8;
    const user = await resellerWithBalance(database.db, BigInt(n) * 1_500_000n);
    const results = await Promise.allSettled(
      Array.from({ length: 4 * n }, () => placeOrder(database.db, { user, sku: "tu-1", quantity: 1, fields: { player_id: "123456" }, source: "api" })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(n);
    const refusals = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(refusals.every((r) => r.reason instanceof AppError && r.reason.code === "insufficient_balance")).toBe(true);
    expect(await ledgerState(user.id)).toEqual({ balance: 0n, ledgerSum: 0n });
  });

  it("K codes in stock and 3K simultaneous orders: exactly K delivered, no code twice", async () => {
    const k = 6;
    await addStockCodes(
      database.db,
      "gc-race",
      Array.from({ length: k }, (_, i) => ({ code: `RACE-${i}`, pin: null, serial: null })),
    );
    const buyers = await Promise.all(Array.from({ length: 3 * k }, () => resellerWithBalance(database.db, 1_000_000n)));
    const results = await Promise.allSettled(buyers.map((user) => placeOrder(database.db, { user, sku: "gc-race", quantity: 1, fields: {}, source: "api" })));
    const delivered = results.filter((r): r is PromiseFulfilledResult<Awaited<ReturnType<typeof placeOrder>>> => r.status === "fulfilled");
    expect(delivered).toHaveLength(k);
    const codes = delivered.map((r) => toOrderRecord(r.value.order).delivery!.items[0].code);
    expect(new Set(codes).size).toBe(k);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(refused.every((r) => r.reason.code === "out_of_stock")).toBe(true);
    const used = await database.db
      .select()
      .from(stockCodes)
      .where(and(eq(stockCodes.sku, "gc-race")));
    expect(used.filter((c) => c.orderId !== null)).toHaveLength(k);
    for (const buyer of buyers) {
      const state = await ledgerState(buyer.id);
      expect(state.balance).toBe(state.ledgerSum);
    }
  });

  it("the same Idempotency-Key sent 50 times at once makes one order and one charge", async () => {
    const user = await resellerWithBalance(database.db, 100_000_000n);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => placeOrder(database.db, { user, sku: "gc-5", quantity: 1, fields: {}, idempotencyKey: "retry-42", source: "api" })),
    );
    expect(new Set(results.map((r) => r.order.id)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await ledgerState(user.id)).toEqual({ balance: 95_000_000n, ledgerSum: 95_000_000n });
    await expect(placeOrder(database.db, { user, sku: "gc-5", quantity: 2, fields: {}, idempotencyKey: "retry-42", source: "api" })).rejects.toMatchObject({
      code: "idempotency_conflict",
    });
  });

  it("a replay answers the original order even after the product is withdrawn, and numbers equal their text", async () => {
    const user = await resellerWithBalance(database.db, 10_000_000n);
    const first = await placeOrder(database.db, { user, sku: "tu-1", quantity: 1, fields: { player_id: 123456 }, idempotencyKey: "k-num", source: "api" });
    await database.db.update(products).set({ enabled: false }).where(eq(products.sku, "tu-1"));
    try {
      const again = await placeOrder(database.db, { user, sku: "tu-1", quantity: 1, fields: { player_id: "123456" }, idempotencyKey: "k-num", source: "api" });
      expect(again).toMatchObject({ replayed: true, order: { id: first.order.id } });
    } finally {
      await database.db.update(products).set({ enabled: true }).where(eq(products.sku, "tu-1"));
    }
    await expect(
      placeOrder(database.db, {
        user,
        sku: "tu-1",
        quantity: 1,
        fields: { player_id: "123456" },
        idempotencyKey: "k-num",
        source: "api",
        categories: ["giftcard"],
      }),
    ).rejects.toMatchObject({ code: "idempotency_conflict" });
  });
});
