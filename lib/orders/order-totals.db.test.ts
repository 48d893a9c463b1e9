import { setTimeout as delay } from "node:timers/promises";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "@/lib/accounts/create-user";
import type { Database } from "@/lib/db/client";
import { orders } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { firstIdAt } from "@/lib/ids/ids";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { manualQueueCounts, salesSince, salesTodayAndWeek } from "./order-totals";
import { placeOrder } from "./place-order";
import { takeOrder } from "./take-order";
import { resellerWithBalance, testProduct } from "./testing/helpers";

describe(`the admin overview's order figures (${testDriver()})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureTariffs(database.db);
    await testProduct(database.db, { sku: "svc-totals", category: "manual", fulfilment: "manual", listPrice: 3_000_000n });
    await testProduct(database.db, { sku: "tu-by-hand", category: "topup", fulfilment: "manual", listPrice: 2_000_000n });
  });
  afterAll(async () => {
    await database.close();
  });

  it("sales since a time count the orders placed from then on that kept their money, across resellers", async () => {
    const [ann, bob] = await Promise.all([resellerWithBalance(database.db, 50_000_000n), resellerWithBalance(database.db, 50_000_000n)]);
    const buy = (user: typeof ann, sku: string, quantity = 1) => placeOrder(database.db, { user, sku, quantity, fields: {}, source: "api" });
    await buy(ann, "svc-totals");
    await delay(5);
    const since = new Date();
    await delay(5);
    await buy(ann, "svc-totals", 2);
    await buy(bob, "tu-by-hand");
    const failed = (await buy(bob, "svc-totals")).order;
    await database.db.update(orders).set({ status: "failed" }).where(eq(orders.id, failed.id));

    expect(await salesSince(database.db, since)).toEqual({ total: 8_000_000n, orders: 2 });
    expect(await salesSince(database.db, new Date(Date.now() + 1000))).toEqual({ total: 0n, orders: 0 });
  });

  it("the manual queue counts what waits for a hand, what nobody has taken and since when", async () => {
    const fresh = await createTestDatabase();
    try {
      await ensureTariffs(fresh.db);
      expect(await manualQueueCounts(fresh.db)).toEqual({ waiting: 0, untaken: 0, oldestUntakenAt: null });
      await testProduct(fresh.db, { sku: "svc-queue", category: "manual", fulfilment: "manual", listPrice: 1_000_000n });
      await testProduct(fresh.db, { sku: "tu-queue", category: "topup", fulfilment: "manual", listPrice: 1_000_000n });
      await testProduct(fresh.db, { sku: "gc-queue", category: "giftcard", fulfilment: "supplier", listPrice: 1_000_000n });
      const admin = await createUser(fresh.db, { email: `ops-${Date.now()}@ops.test`, password: "long-enough-password", role: "admin" });
      const user = await resellerWithBalance(fresh.db, 10_000_000n);
      const buy = async (sku: string) => (await placeOrder(fresh.db, { user, sku, quantity: 1, fields: {}, source: "panel" })).order;
      const first = await buy("svc-queue");
      const second = await buy("tu-queue");
      await buy("gc-queue");
      const third = await buy("svc-queue");
      await takeOrder(fresh.db, first.id, admin.id);
      await fresh.db.update(orders).set({ status: "completed" }).where(eq(orders.id, third.id));

      expect(await manualQueueCounts(fresh.db)).toEqual({ waiting: 2, untaken: 1, oldestUntakenAt: second.createdAt });
    } finally {
      await fresh.close();
    }
  });

  it("today starts at midnight UTC to the millisecond, and the last 7 days at the midnight 6 days before", async () => {
    const fresh = await createTestDatabase();
    try {
      await ensureTariffs(fresh.db);
      const user = await resellerWithBalance(fresh.db, 0n);
      // The last id of a millisecond, and the first: salesSince reads an order's time from its id.
      const lastIdAt = (time: string) => `${firstIdAt("ord", new Date(time)).slice(0, -16)}${"Z".repeat(16)}`;
      const placed = async (id: string, total: bigint) =>
        fresh.db.insert(orders).values({
          id,
          userId: user.id,
          sku: "svc-totals",
          productName: "Service",
          type: "manual",
          status: "completed",
          quantity: 1,
          unitPrice: total,
          total,
          source: "api",
        });
      await placed(lastIdAt("2026-03-03T23:59:59.999Z"), 1_000_000n);
      await placed(firstIdAt("ord", new Date("2026-03-04T00:00:00.000Z")), 20_000_000n);
      await placed(lastIdAt("2026-03-09T23:59:59.999Z"), 300_000_000n);
      await placed(firstIdAt("ord", new Date("2026-03-10T00:00:00.000Z")), 4_000_000_000n);

      expect(await salesTodayAndWeek(fresh.db, new Date("2026-03-10T18:30:00.000Z"))).toEqual({
        today: { total: 4_000_000_000n, orders: 1 },
        week: { total: 4_320_000_000n, orders: 3 },
      });
      // At midnight itself the new day has begun.
      expect((await salesTodayAndWeek(fresh.db, new Date("2026-03-10T00:00:00.000Z"))).today).toEqual({ total: 4_000_000_000n, orders: 1 });
    } finally {
      await fresh.close();
    }
  });
});
