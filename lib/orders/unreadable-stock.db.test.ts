import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stockCodeHash } from "@/lib/catalog/code-hash";
import { addStockCodes, availableStock } from "@/lib/catalog/stock";
import { encryptSecret } from "@/lib/crypto/encryption";
import type { Database } from "@/lib/db/client";
import { orders, stockCodes, unreadableStockCodes, users } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { AppError } from "@/lib/errors/app-error";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { placeOrder } from "./place-order";
import { toOrderRecord } from "./serialize";
import { resellerWithBalance, testProduct } from "./testing/helpers";
import { captureLog } from "@/lib/observability/testing/capture-log";

/** What an instance started with another ENCRYPTION_KEY wrote into the shared stock. */
const OTHER_KEY = "cd".repeat(32);

describe(`stock codes that do not decrypt (${testDriver()})`, () => {
  let database: Database;
  let product = 0;

  /**
   * A stock product whose codes were uploaded in the order given, a minute apart (the claim takes the
   * oldest first); a code written `?X` was stored under another key.
   */
  async function stockedProduct(codes: string[]): Promise<string> {
    product += 1;
    const sku = `giftcard-unreadable-${product}`;
    await testProduct(database.db, { sku, category: "giftcard", fulfilment: "stock", listPrice: 2_000_000n });
    const start = Date.now() - codes.length * 60_000;
    await database.db.insert(stockCodes).values(
      codes.map((code, i) => {
        const plain = code.replace(/^\?/, "");
        return {
          sku,
          codeEncrypted: encryptSecret(plain, code.startsWith("?") ? OTHER_KEY : undefined),
          codeHash: stockCodeHash(sku, plain),
          createdAt: new Date(start + i * 60_000),
        };
      }),
    );
    return sku;
  }

  const setAside = (sku: string) => database.db.select({ id: unreadableStockCodes.id }).from(unreadableStockCodes).where(eq(unreadableStockCodes.sku, sku));
  const balanceOf = async (userId: string) => (await database.db.select({ balance: users.balance }).from(users).where(eq(users.id, userId)))[0].balance;

  beforeAll(async () => {
    database = await createTestDatabase({ maxConnections: 20 });
    await ensureTariffs(database.db);
  });
  afterAll(async () => {
    await database.close();
  });

  it("an order is given readable codes only: the unreadable ones in its way are set aside, out of stock", async () => {
    const sku = await stockedProduct(["?LOST-1", "GOOD-1", "?LOST-2", "GOOD-2", "GOOD-3"]);
    const reseller = await resellerWithBalance(database.db, 10_000_000n);
    const log = captureLog();
    const { order } = await placeOrder(database.db, { user: reseller, sku, quantity: 2, fields: {}, source: "api" }).finally(log.restore);
    const logged = log.lines().map((line) => [line.level, line.component, line.msg]);

    const record = toOrderRecord(order);
    expect(record.status).toBe("completed");
    expect(record.delivery!.items.map((item) => item.code)).toEqual(["GOOD-1", "GOOD-2"]);
    expect(await balanceOf(reseller.id)).toBe(6_000_000n);
    expect(await setAside(sku)).toHaveLength(2);
    expect(await availableStock(database.db, sku)).toBe(1);
    expect(logged).toEqual([
      [50, "stock", expect.stringMatching(new RegExp(`^set aside 2 codes of ${sku} that do not decrypt with ENCRYPTION_KEY \\(ids \\d+, \\d+\\)$`))],
    ]);
  });

  it("too few readable codes refuse the order uncharged, and the unreadable ones stay set aside after the rollback", async () => {
    const sku = await stockedProduct(["?LOST-1", "?LOST-2", "GOOD-1"]);
    const reseller = await resellerWithBalance(database.db, 10_000_000n);
    const refusal = await placeOrder(database.db, { user: reseller, sku, quantity: 2, fields: {}, source: "api" }).catch((e: unknown) => e);

    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: "out_of_stock", message: `Only 1 of 2 codes are in stock for ${sku}.`, details: { sku, available: 1 } });
    expect(await balanceOf(reseller.id)).toBe(10_000_000n);
    expect(await database.db.select().from(orders).where(eq(orders.userId, reseller.id))).toEqual([]);
    // The stock count now says what an order can get, and the next order is not refused by the same codes.
    expect(await setAside(sku)).toHaveLength(2);
    expect(await availableStock(database.db, sku)).toBe(1);
    const { order } = await placeOrder(database.db, { user: reseller, sku, quantity: 1, fields: {}, source: "api" });
    expect(toOrderRecord(order).delivery!.items.map((item) => item.code)).toEqual(["GOOD-1"]);
  });

  it("a set-aside code can be uploaded again, readable this time, and sold", async () => {
    const sku = await stockedProduct(["?AGAIN-1"]);
    const reseller = await resellerWithBalance(database.db, 10_000_000n);
    await expect(placeOrder(database.db, { user: reseller, sku, quantity: 1, fields: {}, source: "api" })).rejects.toMatchObject({ code: "out_of_stock" });

    expect(await addStockCodes(database.db, sku, [{ code: "AGAIN-1", pin: null, serial: null }])).toEqual({ added: 1, duplicates: 0 });
    const { order } = await placeOrder(database.db, { user: reseller, sku, quantity: 1, fields: {}, source: "api" });
    expect(toOrderRecord(order).delivery!.items.map((item) => item.code)).toEqual(["AGAIN-1"]);
    const stored = await database.db.select({ orderId: stockCodes.orderId }).from(stockCodes).where(eq(stockCodes.sku, sku)).orderBy(asc(stockCodes.id));
    expect(stored).toEqual([{ orderId: order.id }]);
  });

  it("orders placed at once over readable and unreadable codes each get their own readable codes, are charged once, and lose no code", async () => {
    const codes = Array.from({ length: 24 }, (_, i) => (i % 3 === 0 ? `?RACE-LOST-${i}` : `RACE-${i}`));
    const sku = await stockedProduct(codes);
    const buyers = await Promise.all(Array.from({ length: 10 }, () => resellerWithBalance(database.db, 2_000_000n)));
    const outcomes = await Promise.allSettled(buyers.map((user) => placeOrder(database.db, { user, sku, quantity: 1, fields: {}, source: "api" })));

    // 16 readable codes for 10 orders of one: every order is served, each a different readable code.
    const delivered = outcomes.map((outcome) => {
      if (outcome.status === "rejected") throw outcome.reason;
      return toOrderRecord(outcome.value.order).delivery!.items[0].code;
    });
    expect(new Set(delivered).size).toBe(10);
    for (const code of delivered) expect(code).toMatch(/^RACE-\d+$/);
    for (const buyer of buyers) expect(await balanceOf(buyer.id)).toBe(0n);
    // Every code is accounted for: sold, still free, or set aside; none twice, none lost.
    const inStock = await database.db.select({ orderId: stockCodes.orderId }).from(stockCodes).where(eq(stockCodes.sku, sku));
    const aside = (await setAside(sku)).length;
    expect(inStock.length + aside).toBe(24);
    expect(inStock.filter((row) => row.orderId !== null)).toHaveLength(10);
    expect(aside).toBeLessThanOrEqual(8);
  });
});
