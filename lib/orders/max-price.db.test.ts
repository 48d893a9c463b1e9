import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/api-keys/manage-keys";
import { updateProduct } from "@/lib/catalog/manage-products";
import { addStockCodes } from "@/lib/catalog/stock";
import type { Database } from "@/lib/db/client";
import { ledgerEntries, orders, users } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { AppError } from "@/lib/errors/app-error";
import { startApiServer } from "@/lib/server/testing/api-server";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { updateTariff } from "@/lib/tariffs/manage-tariffs";
import { placeOrder } from "./place-order";
import { resellerWithBalance, testAdmin, testProduct } from "./testing/helpers";

describe(`max_price on an order (${testDriver()})`, () => {
  let database: Database;
  let server: Awaited<ReturnType<typeof startApiServer>>;

  beforeAll(async () => {
    database = await createTestDatabase({ maxConnections: 20 });
    await ensureTariffs(database.db);
    await testProduct(database.db, { sku: "gc-capped", category: "giftcard", fulfilment: "stock", listPrice: 19_400_000n });
    await addStockCodes(
      database.db,
      "gc-capped",
      Array.from({ length: 20 }, (_, i) => ({ code: `CAP-${i}`, pin: null, serial: null })),
    );
    server = await startApiServer(database);
  });
  afterAll(async () => {
    await server.close();
    await database.close();
  });

  async function buyer(balance: bigint) {
    const user = await resellerWithBalance(database.db, balance);
    const { key } = await createApiKey(database.db, { userId: user.id, name: "max-price" });
    return { user, key };
  }

  async function balanceOf(userId: string): Promise<bigint> {
    const [row] = await database.db.select({ balance: users.balance }).from(users).where(eq(users.id, userId));
    return row.balance;
  }

  async function ordersOf(userId: string) {
    return database.db.select().from(orders).where(eq(orders.userId, userId));
  }

  function post(path: string, key: string, body: unknown) {
    return fetch(`${server.base}${path}`, { method: "POST", headers: { "X-API-Key": key, "Content-Type": "application/json" }, body: JSON.stringify(body) });
  }

  for (const path of ["/api/v2/gift-cards", "/api/giftcards/order", "/api/v2/order"]) {
    it(`${path}: a max_price equal to the price passes, one below it is refused uncharged with the price now`, async () => {
      const { user, key } = await buyer(100_000_000n);

      const refused = await post(path, key, { sku: "gc-capped", quantity: 2, max_price: "19.39" });
      expect(refused.status).toBe(409);
      const refusal = (await refused.json()) as { error: { code: string; message: string; retryable: boolean; details: Record<string, unknown> } };
      expect(refusal.error).toMatchObject({
        code: "price_changed",
        retryable: false,
        details: { sku: "gc-capped", price: "19.40", max_price: "19.39" },
      });
      expect(refusal.error.message).toBe("The price of gc-capped is now 19.40 USD, above your max_price of 19.39 USD; nothing was charged.");
      expect(await balanceOf(user.id)).toBe(100_000_000n);
      expect(await ordersOf(user.id)).toEqual([]);

      const placed = await post(path, key, { sku: "gc-capped", quantity: 2, max_price: "19.40" });
      expect(placed.status).toBe(201);
      expect(await placed.json()).toMatchObject({ sku: "gc-capped", unit_price: "19.40", total: "38.80", status: "completed" });
      expect(await balanceOf(user.id)).toBe(100_000_000n - 38_800_000n);
    });
  }

  it("takes max_price only as a decimal string of dollars", async () => {
    const { key } = await buyer(10_000_000n);
    for (const max_price of [19.4, "19.4e0", "-1", "", "19.4000001"]) {
      const response = await post("/api/v2/gift-cards", key, { sku: "gc-capped", max_price });
      expect(response.status, String(max_price)).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: "validation_error", details: { issues: [{ path: "max_price" }] } } });
    }
  });

  it("an Idempotency-Key reused with another max_price is a different request", async () => {
    const { key } = await buyer(100_000_000n);
    const send = (max_price: string) =>
      fetch(`${server.base}/api/v2/gift-cards`, {
        method: "POST",
        headers: { "X-API-Key": key, "Content-Type": "application/json", "Idempotency-Key": "cap-once" },
        body: JSON.stringify({ sku: "gc-capped", max_price }),
      });
    expect((await send("20")).status).toBe(201);
    expect((await send("20")).status).toBe(200);
    expect(await (await send("25")).json()).toMatchObject({ error: { code: "idempotency_conflict" } });
  });

  it("never charges above the cap while the price and the tariff change under concurrent orders", async () => {
    const admin = await testAdmin(database.db);
    await testProduct(database.db, { sku: "tu-moving", category: "topup", fulfilment: "manual", listPrice: 10_000_000n });
    const { user } = await buyer(10_000_000_000n);
    await database.db
      .update(users)
      .set({ tier: "Silver", periodStart: new Date(Date.now() - 86_400_000), periodEnd: new Date(Date.now() + 20 * 86_400_000) })
      .where(eq(users.id, user.id));
    const cap = 9_800_000n; // Silver's 2% off 10.00
    const prices = ["10.00", "12.00", "9.00", "10.50", "10.00"];
    const outcomes: Array<{ unitPrice: bigint } | { refusedAt: string }> = [];
    for (let round = 0; round < prices.length; round++) {
      const orders = Array.from({ length: 8 }, () =>
        placeOrder(database.db, { user: { id: user.id }, sku: "tu-moving", quantity: 1, fields: {}, source: "api", maxUnitPrice: cap }).then(
          ({ order }) => outcomes.push({ unitPrice: order.unitPrice }),
          (error: unknown) => {
            if (!(error instanceof AppError) || error.code !== "price_changed") throw error;
            outcomes.push({ refusedAt: String(error.details.price) });
          },
        ),
      );
      const changes = [
        updateProduct(database.db, "tu-moving", {
          category: "topup",
          name: "tu-moving",
          group: "Test",
          region: "GLOBAL",
          listPrice: prices[(round + 1) % prices.length],
          fields: [],
          minQuantity: 1,
          maxQuantity: 10,
          fulfilment: "manual",
          enabled: true,
          lowStockThreshold: 5,
        }),
        updateTariff(database.db, admin.id, { tier: "Silver", price: "49", discounts: { topup: round % 2 ? "0" : "2" } }),
      ];
      await Promise.all([...orders, ...changes]);
    }
    const charged = outcomes.flatMap((outcome) => ("unitPrice" in outcome ? [outcome.unitPrice] : []));
    const refused = outcomes.flatMap((outcome) => ("refusedAt" in outcome ? [outcome.refusedAt] : []));
    expect(charged.length + refused.length).toBe(40);
    expect(charged.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    expect(charged.filter((price) => price > cap)).toEqual([]);
    // Every refusal names a price that is above the cap: none refused an order it should have placed.
    expect(refused.filter((price) => Number(price) * 1e6 <= Number(cap))).toEqual([]);
    const placed = await ordersOf(user.id);
    expect(placed.map((order) => order.unitPrice).filter((price) => price > cap)).toEqual([]);
    const [ledger] = await database.db
      .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, user.id));
    const spent = placed.reduce((sum, order) => sum + order.total, 0n);
    expect(BigInt(ledger.total)).toBe(10_000_000_000n - spent);
    expect(await balanceOf(user.id)).toBe(10_000_000_000n - spent);
  });
});
