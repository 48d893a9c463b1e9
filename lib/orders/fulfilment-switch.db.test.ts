import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addStockCodes, availableStock } from "@/lib/catalog/stock";
import { encryptSecret } from "@/lib/crypto/encryption";
import type { Database } from "@/lib/db/client";
import { jobs, products, stockCodes, unreadableStockCodes, users, type FulfilmentMode, type User } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { runDueJobsOnce } from "@/lib/jobs/worker";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { SUPPLIER_GAVE_UP } from "./fulfil-job";
import { fulfilOrder } from "./fulfil-order";
import { listOrdersForAdmin } from "./list-orders";
import { completeManualOrder, failManualOrder } from "./manual-orders";
import { placeOrder } from "./place-order";
import { toOrderRecord } from "./serialize";
import { resellerWithBalance, testAdmin, testProduct } from "./testing/helpers";

process.env.SUPPLIER_DELAY ??= "0";

/** An admin may switch a product's fulfilment while its orders wait for their supplier; none is stranded. */
describe(`orders whose product changed its fulfilment (${testDriver()})`, () => {
  let database: Database;
  let admin: User;
  const player = [{ name: "player_id", label: "Player ID", required: true }];
  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureTariffs(database.db);
    admin = await testAdmin(database.db);
  });
  afterAll(async () => {
    await database.close();
  });

  const balanceOf = async (id: string) => (await database.db.select({ b: users.balance }).from(users).where(eq(users.id, id)))[0].b;
  const switchTo = (sku: string, fulfilment: FulfilmentMode) => database.db.update(products).set({ fulfilment }).where(eq(products.sku, sku));
  /** A reseller with 10.00 and a processing 2.00 order of a supplier product named `sku`. */
  async function waitingOrder(sku: string) {
    await testProduct(database.db, { sku, category: "topup", fulfilment: "supplier", listPrice: 2_000_000n, fields: player });
    const user = await resellerWithBalance(database.db, 10_000_000n);
    const { order } = await placeOrder(database.db, { user, sku, quantity: 1, fields: { player_id: "123456" }, source: "api" });
    expect(order.status).toBe("processing");
    return { user, order };
  }

  it("switched to stock: the job delivers codes from stock", async () => {
    const { user, order } = await waitingOrder("tu-to-stock");
    await switchTo("tu-to-stock", "stock");
    await addStockCodes(database.db, "tu-to-stock", [{ code: "STOCK-CODE-1", pin: null, serial: null }]);
    const done = await fulfilOrder(database.db, order.id);
    expect(toOrderRecord(done!)).toMatchObject({ status: "completed", delivery: { items: [{ code: "STOCK-CODE-1" }] } });
    expect(await balanceOf(user.id)).toBe(8_000_000n);
  });

  it("switched to stock with none left: the order fails and the money goes back", async () => {
    const { user, order } = await waitingOrder("tu-to-empty-stock");
    await switchTo("tu-to-empty-stock", "stock");
    const failed = await fulfilOrder(database.db, order.id);
    expect(failed).toMatchObject({ status: "failed", failureReason: "Out of stock when the order came to be delivered." });
    expect(await balanceOf(user.id)).toBe(10_000_000n);
  });

  it("switched to stock that another key wrote: the order fails with the money back, and the unreadable code is set aside", async () => {
    const { user, order } = await waitingOrder("tu-to-unreadable-stock");
    await switchTo("tu-to-unreadable-stock", "stock");
    await database.db
      .insert(stockCodes)
      .values({ sku: "tu-to-unreadable-stock", codeEncrypted: encryptSecret("LOST-1", "ef".repeat(32)), codeHash: "unreadable-1" });
    const failed = await fulfilOrder(database.db, order.id);
    expect(failed).toMatchObject({ status: "failed", failureReason: "Out of stock when the order came to be delivered." });
    expect(await balanceOf(user.id)).toBe(10_000_000n);
    expect(await database.db.select({ sku: unreadableStockCodes.sku }).from(unreadableStockCodes)).toEqual([{ sku: "tu-to-unreadable-stock" }]);
    expect(await availableStock(database.db, "tu-to-unreadable-stock")).toBe(0);
  });

  it("switched to manual, or of any category fulfilled by hand: it waits in the manual queue, and the admin completes or fails it", async () => {
    const { user, order } = await waitingOrder("tu-to-manual");
    await switchTo("tu-to-manual", "manual");
    expect(await fulfilOrder(database.db, order.id)).toMatchObject({ status: "processing" });
    const second = await placeOrder(database.db, { user, sku: "tu-to-manual", quantity: 1, fields: { player_id: "654321" }, source: "api" });
    expect(second.order.status).toBe("processing");

    const queue = await listOrdersForAdmin(database.db, { awaitingHand: true, limit: 100 });
    expect(queue.data.map((o) => o.id)).toEqual(expect.arrayContaining([order.id, second.order.id]));

    expect(toOrderRecord(await completeManualOrder(database.db, order.id, admin.id, { note: "Topped up by hand", codes: ["HAND-1"] }))).toMatchObject({
      status: "completed",
      delivery: { note: "Topped up by hand", items: [{ code: "HAND-1" }] },
    });
    expect(await failManualOrder(database.db, second.order.id, admin.id, "The game's servers refused it")).toMatchObject({ status: "failed" });
    expect(await balanceOf(user.id)).toBe(8_000_000n);
    expect((await listOrdersForAdmin(database.db, { awaitingHand: true, limit: 100 })).data.map((o) => o.id)).not.toContain(order.id);
  });

  it("an admin can close a supplier order by hand; the supplier's answer then changes nothing", async () => {
    const { user, order } = await waitingOrder("tu-by-hand");
    await failManualOrder(database.db, order.id, admin.id, "Supplier unreachable");
    expect(await fulfilOrder(database.db, order.id)).toMatchObject({ status: "failed", failureReason: "Supplier unreachable" });
    expect(await balanceOf(user.id)).toBe(10_000_000n);
  });

  it("an admin failing an order by hand while its supplier answers: one outcome, the money back at most once", async () => {
    for (let round = 0; round < 5; round++) {
      const { user, order } = await waitingOrder(`tu-race-${round}`);
      const [byHand, bySupplier] = await Promise.allSettled([
        failManualOrder(database.db, order.id, admin.id, "Closed by hand"),
        fulfilOrder(database.db, order.id),
      ]);
      const [final] = (await listOrdersForAdmin(database.db, { ids: [order.id], limit: 1 })).data;
      expect(["completed", "failed"]).toContain(final.status);
      if (final.status === "failed" && final.failureReason === "Closed by hand") expect(byHand.status).toBe("fulfilled");
      if (final.status === "completed") expect(bySupplier).toMatchObject({ status: "fulfilled", value: { status: "completed" } });
      expect(await balanceOf(user.id)).toBe(final.status === "failed" ? 10_000_000n : 8_000_000n);
    }
  });

  it("an order whose fulfilment job fails every attempt is failed with the money back, not left processing", async () => {
    const { user, order } = await waitingOrder("tu-never-fulfilled");
    // As if every worker that took the job died mid-run: its attempts are used up and its lease has run out.
    await database.db
      .update(jobs)
      .set({
        status: "running",
        attempts: sql`${jobs.maxAttempts}`,
        lockedBy: "dead-worker",
        lockedUntil: new Date(Date.now() - 1000),
        runAt: new Date(Date.now() - 1000),
      })
      .where(sql`${jobs.payload}->>'orderId' = ${order.id}`);
    await runDueJobsOnce(database.db, "test-worker", { log: () => {} });
    const [job] = await database.db
      .select()
      .from(jobs)
      .where(sql`${jobs.payload}->>'orderId' = ${order.id}`);
    expect(job.status).toBe("failed");
    expect(toOrderRecord((await listOrdersForAdmin(database.db, { ids: [order.id], limit: 1 })).data[0])).toMatchObject({
      status: "failed",
      failure_reason: SUPPLIER_GAVE_UP,
    });
    expect(await balanceOf(user.id)).toBe(10_000_000n);
  });
});
