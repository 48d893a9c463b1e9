import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { addStockCodes } from "@/lib/catalog/stock";
import type { Database } from "@/lib/db/client";
import { orders, products, stockCodes, users } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { AppError } from "@/lib/errors/app-error";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { confirmedItemsSchema, MAX_BULK_LINES, placeBulkOrder, reviewBulkOrder, type BulkOutcome } from "./bulk-order";
import { resellerWithBalance, testProduct } from "./testing/helpers";
import { accountActor } from "@/lib/audit/record";

describe(`a bulk order from the panel (${testDriver()})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureTariffs(database.db);
    await testProduct(database.db, { sku: "gc-bulk-5", category: "giftcard", fulfilment: "stock", listPrice: 5_000_000n, maxQuantity: 3 });
    await addStockCodes(
      database.db,
      "gc-bulk-5",
      Array.from({ length: 4 }, (_, i) => ({ code: `BULK-FIVE-${i}`, pin: null, serial: null })),
    );
    await testProduct(database.db, { sku: "gk-bulk-2", category: "gamekey", fulfilment: "supplier", listPrice: 2_500_000n });
    await testProduct(database.db, {
      sku: "tu-bulk-player",
      category: "topup",
      fulfilment: "supplier",
      listPrice: 1_000_000n,
      fields: [{ name: "player_id", label: "Player ID", required: true }],
    });
  });
  afterAll(async () => {
    await database.close();
  });

  const balanceOf = async (userId: string) => (await database.db.select({ balance: users.balance }).from(users).where(eq(users.id, userId)))[0].balance;

  it("is reviewed at the reseller's prices, each line it cannot order named with the reason, nothing charged", async () => {
    const user = await resellerWithBalance(database.db, 100_000_000n);
    const review = await reviewBulkOrder(database.db, user, "gc-bulk-5,2\ngk-bulk-2\nno-such-sku,1\ntu-bulk-player,1\ngc-bulk-5,4\nbad line here!");
    expect(review.items.map(({ line, sku, quantity, unitPrice, total }) => ({ line, sku, quantity, unitPrice, total }))).toEqual([
      { line: 1, sku: "gc-bulk-5", quantity: 2, unitPrice: "5.00", total: "10.00" },
      { line: 2, sku: "gk-bulk-2", quantity: 1, unitPrice: "2.50", total: "2.50" },
    ]);
    expect(review.total).toBe("12.50");
    expect(review.refused).toEqual([
      { line: 3, text: "no-such-sku,1", reason: "No product on sale has this sku." },
      { line: 4, text: "tu-bulk-player,1", reason: "This product needs details (such as a player id): order it from its own page." },
      { line: 5, text: "gc-bulk-5,4", reason: "Order from 1 to 3 at once." },
      { line: 6, text: "bad line here!", reason: "The quantity must be a whole number of at least 1." },
    ]);
    expect(await balanceOf(user.id)).toBe(100_000_000n);
  });

  it("refuses a list longer than the limit before reading any product", async () => {
    const user = await resellerWithBalance(database.db, 0n);
    const text = Array.from({ length: MAX_BULK_LINES + 1 }, () => "gk-bulk-2,1").join("\n");
    await expect(reviewBulkOrder(database.db, user, text)).rejects.toThrow(
      new AppError("validation_error", `Give at most ${MAX_BULK_LINES} lines at once; this has ${MAX_BULK_LINES + 1}.`),
    );
  });

  const itemsOf = async (user: Parameters<typeof reviewBulkOrder>[1], text: string) => (await reviewBulkOrder(database.db, user, text)).items;
  const placedOf = (outcomes: BulkOutcome[]) =>
    outcomes.map((outcome) => ("orderId" in outcome ? [outcome.line, outcome.total] : [outcome.line, outcome.error]));
  const orderCount = async (userId: string) => (await database.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId))).length;

  it("counts a sku's lines together against its stock, refusing the line that would take more than is left", async () => {
    const user = await resellerWithBalance(database.db, 100_000_000n);
    const review = await reviewBulkOrder(database.db, user, "gc-bulk-5,3\ngc-bulk-5,2\ngc-bulk-5,1");
    expect(review.items.map((item) => item.line)).toEqual([1, 3]);
    expect(review.refused).toEqual([{ line: 2, text: "gc-bulk-5,2", reason: "Only 1 left in stock after the lines above." }]);
    expect(review.total).toBe("20.00");
  });

  it("takes skus in any case, as a shop's export may spell them", async () => {
    const user = await resellerWithBalance(database.db, 100_000_000n);
    expect((await itemsOf(user, "GK-Bulk-2,2")).map(({ sku, total }) => [sku, total])).toEqual([["gk-bulk-2", "5.00"]]);
  });

  it("places an order a reviewed line, charging each once however often the same confirmation is sent; a line refused on the way costs nothing", async () => {
    const user = await resellerWithBalance(database.db, 20_000_000n);
    const admit = vi.fn(async () => {});
    // 3 × 5.00 + 2.50 + 2.50 = 20.00: the last line finds the balance spent.
    const items = await itemsOf(user, "gc-bulk-5,3\nnope-sku\ngk-bulk-2\ngk-bulk-2,1\ngk-bulk-2,1\ntu-bulk-player,1");
    expect(items.map((item) => item.line)).toEqual([1, 3, 4, 5]);
    const outcomes = await placeBulkOrder(database.db, user, items, "batch-0001", admit, accountActor(user.id));
    expect(placedOf(outcomes)).toEqual([
      [1, "15.00"],
      [3, "2.50"],
      [4, "2.50"],
      [5, "Balance 0.00 is below the amount 2.50."],
    ]);
    expect(admit).toHaveBeenCalledTimes(4);
    expect(await balanceOf(user.id)).toBe(0n);
    const codes = await database.db
      .select()
      .from(stockCodes)
      .where(eq(stockCodes.orderId, (outcomes[0] as { orderId: string }).orderId));
    expect(codes).toHaveLength(3);

    // The resend spends the budget only for the line that was not placed.
    const again = await placeBulkOrder(database.db, user, items, "batch-0001", admit, accountActor(user.id));
    expect(again.filter((outcome) => "orderId" in outcome)).toEqual(outcomes.filter((outcome) => "orderId" in outcome));
    expect(admit).toHaveBeenCalledTimes(5);
    expect(await balanceOf(user.id)).toBe(0n);
    expect(await orderCount(user.id)).toBe(3);
  });

  it("places no line above the unit price confirmed, and one priced lower at its price now", async () => {
    await testProduct(database.db, { sku: "gk-bulk-moving", category: "gamekey", fulfilment: "supplier", listPrice: 4_000_000n });
    await testProduct(database.db, { sku: "gk-bulk-falling", category: "gamekey", fulfilment: "supplier", listPrice: 4_000_000n });
    const user = await resellerWithBalance(database.db, 20_000_000n);
    const items = await itemsOf(user, "gk-bulk-moving,2\ngk-bulk-falling,1");
    await database.db.update(products).set({ listPrice: 4_000_001n }).where(eq(products.sku, "gk-bulk-moving"));
    await database.db.update(products).set({ listPrice: 3_000_000n }).where(eq(products.sku, "gk-bulk-falling"));
    const outcomes = await placeBulkOrder(database.db, user, items, "batch-0004", async () => {}, accountActor(user.id));
    expect(placedOf(outcomes)).toEqual([
      [1, "The price of gk-bulk-moving is now 4.000001 USD, above the 4.00 USD confirmed. Review it again."],
      [2, "3.00"],
    ]);
    expect(await balanceOf(user.id)).toBe(17_000_000n);
    expect(await orderCount(user.id)).toBe(1);
  });

  it("charges each line once when the same confirmation arrives twice at once, both answering the same orders and spending the budget once a line", async () => {
    const user = await resellerWithBalance(database.db, 50_000_000n);
    const items = await itemsOf(user, "gk-bulk-2,2\ngk-bulk-2,1\ngk-bulk-2,3");
    // A budget of exactly three orders: were a send's lines counted again, one would be refused.
    let left = 3;
    const admit = async () => {
      if (left-- <= 0) throw new AppError("rate_limited", "Too many orders in a minute. Try again in 30 s.");
    };
    const [first, second] = await Promise.all([
      placeBulkOrder(database.db, user, items, "batch-0003", admit, accountActor(user.id)),
      placeBulkOrder(database.db, user, items, "batch-0003", admit, accountActor(user.id)),
    ]);
    const ids = (outcomes: typeof first) => outcomes.map((outcome) => ("orderId" in outcome ? outcome.orderId : outcome.error));
    expect(ids(first).every((id) => id.startsWith("ord_"))).toBe(true);
    expect(ids(second)).toEqual(ids(first));
    expect(await balanceOf(user.id)).toBe(50_000_000n - 15_000_000n);
    expect(await orderCount(user.id)).toBe(3);
  });

  it("stops charging when the panel's budget refuses, reporting those lines", async () => {
    const user = await resellerWithBalance(database.db, 10_000_000n);
    let left = 1;
    const admit = async () => {
      if (left-- <= 0) throw new AppError("rate_limited", "Too many orders in a minute. Try again in 30 s.");
    };
    const outcomes = await placeBulkOrder(database.db, user, await itemsOf(user, "gk-bulk-2\ngk-bulk-2"), "batch-0002", admit, accountActor(user.id));
    expect(outcomes.map((outcome) => ("error" in outcome ? outcome.error : "placed"))).toEqual(["placed", "Too many orders in a minute. Try again in 30 s."]);
    expect(await balanceOf(user.id)).toBe(7_500_000n);
    expect(await orderCount(user.id)).toBe(1);
  });

  it("refuses a confirmation that is not a review's items, before placing anything", () => {
    const item = { line: 1, text: "gk-bulk-2", sku: "gk-bulk-2", quantity: 1, unitPrice: "2.50" };
    expect(confirmedItemsSchema.safeParse([item]).success).toBe(true);
    for (const bad of [
      [],
      [item, item],
      [{ ...item, unitPrice: "0" }],
      [{ ...item, unitPrice: "-1" }],
      [{ ...item, quantity: 0 }],
      [{ ...item, sku: "GK BULK" }],
      "gk-bulk-2,1",
    ]) {
      expect(confirmedItemsSchema.safeParse(bad).success).toBe(false);
    }
    expect(confirmedItemsSchema.safeParse(Array.from({ length: MAX_BULK_LINES + 1 }, (_, i) => ({ ...item, line: i + 1 }))).success).toBe(false);
  });
});
