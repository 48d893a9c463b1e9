import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { orderActivity, users, type User } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { getOrderForAdmin } from "./list-orders";
import { completeManualOrder, failManualOrder, refundCompletedOrder } from "./manual-orders";
import { listOrderActivity } from "./order-activity";
import { placeOrder } from "./place-order";
import { releaseOrder, takeOrder, takeOverOrder } from "./take-order";
import { resellerWithBalance, testAdmin, testProduct } from "./testing/helpers";

describe(`the activity of an order (${testDriver()})`, () => {
  let database: Database;
  let ann: User;
  let ben: User;
  let cat: User;
  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureTariffs(database.db);
    await testProduct(database.db, { sku: "svc-activity", category: "manual", fulfilment: "manual", listPrice: 1_000_000n });
    [ann, ben, cat] = await Promise.all([testAdmin(database.db, "ann"), testAdmin(database.db, "ben"), testAdmin(database.db, "cat")]);
  });
  afterAll(async () => {
    await database.close();
  });

  async function processingOrder() {
    const reseller = await resellerWithBalance(database.db, 5_000_000n);
    const { order } = await placeOrder(database.db, { user: reseller, sku: "svc-activity", quantity: 1, fields: {}, source: "panel" });
    return { reseller, order };
  }
  /** The order's rows, oldest first, as who did what. */
  const activity = async (orderId: string) =>
    (await database.db.select().from(orderActivity).where(eq(orderActivity.orderId, orderId)).orderBy(orderActivity.id)).map((row) => ({
      adminId: row.adminId,
      action: row.action,
      detail: row.detail,
    }));
  const balanceOf = async (id: string) => (await database.db.select({ b: users.balance }).from(users).where(eq(users.id, id)))[0].b;

  it("each change writes one row naming the admin who made it, and the page lists them newest first", async () => {
    const { order } = await processingOrder();
    expect(await listOrderActivity(database.db, order.id)).toEqual({ lines: [], more: false });

    await takeOrder(database.db, order.id, ann.id);
    expect(await activity(order.id)).toEqual([{ adminId: ann.id, action: "taken", detail: null }]);
    await releaseOrder(database.db, order.id, ann.id);
    await takeOrder(database.db, order.id, ann.id);
    await takeOverOrder(database.db, order.id, ben.id, ann.id);
    await completeManualOrder(database.db, order.id, ben.id, { note: "Recovered" });
    await refundCompletedOrder(database.db, order.id, cat.id, "Reported as not working");
    expect(await activity(order.id)).toEqual([
      { adminId: ann.id, action: "taken", detail: null },
      { adminId: ann.id, action: "released", detail: null },
      { adminId: ann.id, action: "taken", detail: null },
      { adminId: ben.id, action: "taken_over", detail: ann.email },
      { adminId: ben.id, action: "completed", detail: null },
      { adminId: cat.id, action: "refunded", detail: "Reported as not working" },
    ]);

    const { lines, more } = await listOrderActivity(database.db, order.id);
    expect(more).toBe(false);
    expect(lines.map((line) => [line.action, line.adminEmail])).toEqual([
      ["refunded", cat.email],
      ["completed", ben.email],
      ["taken_over", ben.email],
      ["taken", ann.email],
      ["released", ann.email],
      ["taken", ann.email],
    ]);
  });

  it("failing an order nobody has taken is allowed, and recorded with its reason", async () => {
    const { order } = await processingOrder();
    await failManualOrder(database.db, order.id, cat.id, "Cannot be done for this region");
    expect(await activity(order.id)).toEqual([{ adminId: cat.id, action: "failed", detail: "Cannot be done for this region" }]);
  });

  it("what changes nothing writes nothing", async () => {
    const { order } = await processingOrder();
    await takeOrder(database.db, order.id, ann.id);
    // A second click on Take, and refusals: the order stays as it was, and so does its activity.
    await takeOrder(database.db, order.id, ann.id);
    await takeOverOrder(database.db, order.id, ann.id, ann.id);
    await expect(takeOrder(database.db, order.id, ben.id)).rejects.toThrow(`${ann.email} has taken this order.`);
    await expect(releaseOrder(database.db, order.id, ben.id)).rejects.toThrow("only they can release it");
    await expect(takeOverOrder(database.db, order.id, cat.id, ben.id)).rejects.toThrow(`${ann.email} has taken this order over meanwhile`);
    await expect(completeManualOrder(database.db, order.id, ann.id, { note: "  " })).rejects.toThrow("Say what was delivered.");
    await expect(refundCompletedOrder(database.db, order.id, ann.id, "Not completed yet")).rejects.toThrow("Only a completed order can be refunded.");
    expect(await activity(order.id)).toEqual([{ adminId: ann.id, action: "taken", detail: null }]);

    await failManualOrder(database.db, order.id, ann.id, "No longer offered");
    await expect(failManualOrder(database.db, order.id, ann.id, "Again")).rejects.toThrow("The order is already failed.");
    await expect(takeOrder(database.db, order.id, ben.id)).rejects.toThrow("The order is already failed.");
    expect((await activity(order.id)).map((row) => row.action)).toEqual(["taken", "failed"]);
  });

  it("a take-over of an order its holder released meanwhile is recorded as a take: nobody was displaced", async () => {
    const { order } = await processingOrder();
    await takeOrder(database.db, order.id, ann.id);
    await releaseOrder(database.db, order.id, ann.id);
    expect((await takeOverOrder(database.db, order.id, ben.id, ann.id)).takenBy).toBe(ben.id);
    expect((await activity(order.id)).slice(-1)).toEqual([{ adminId: ben.id, action: "taken", detail: null }]);
  });

  it("completing or failing an order another admin has taken is refused, naming them, and changes nothing", async () => {
    const { reseller, order } = await processingOrder();
    await takeOrder(database.db, order.id, ann.id);
    const before = await getOrderForAdmin(database.db, order.id);
    const balance = await balanceOf(reseller.id);

    const refusal = `Taken by ${ann.email} — take it over first.`;
    await expect(completeManualOrder(database.db, order.id, ben.id, { note: "Done", codes: ["CODE-1"] })).rejects.toMatchObject({
      code: "validation_error",
      message: refusal,
    });
    await expect(failManualOrder(database.db, order.id, ben.id, "Cannot be done")).rejects.toMatchObject({ code: "validation_error", message: refusal });
    expect(await getOrderForAdmin(database.db, order.id)).toEqual(before);
    expect(await balanceOf(reseller.id)).toBe(balance);
    expect(await activity(order.id)).toEqual([{ adminId: ann.id, action: "taken", detail: null }]);

    // Taken over, it is Ben's to close.
    await takeOverOrder(database.db, order.id, ben.id, ann.id);
    await expect(failManualOrder(database.db, order.id, ann.id, "Cannot be done")).rejects.toThrow(`Taken by ${ben.email} — take it over first.`);
    expect(await completeManualOrder(database.db, order.id, ben.id, { note: "Done" })).toMatchObject({ status: "completed" });
    // Refunds are about completed orders, which nobody works any more: any admin may refund one.
    expect(await refundCompletedOrder(database.db, order.id, cat.id, "Reported as not working")).toMatchObject({ status: "refunded" });
    expect(await balanceOf(reseller.id)).toBe(balance + order.total);
  });

  it("of two admins taking an order at once, only the one who has it is recorded", async () => {
    for (let round = 0; round < 10; round += 1) {
      const { order } = await processingOrder();
      await Promise.allSettled([takeOrder(database.db, order.id, ann.id), takeOrder(database.db, order.id, ben.id)]);
      const { takenBy } = await getOrderForAdmin(database.db, order.id);
      expect(await activity(order.id)).toEqual([{ adminId: takenBy, action: "taken", detail: null }]);
    }
  });

  it("an admin completing an order while another takes it: either the take comes first and the completion is refused, or the other way round", async () => {
    for (let round = 0; round < 10; round += 1) {
      const { reseller, order } = await processingOrder();
      const balance = await balanceOf(reseller.id);
      const [completed, taken] = await Promise.allSettled([
        completeManualOrder(database.db, order.id, ben.id, { note: "Done" }),
        takeOrder(database.db, order.id, ann.id),
      ]);
      const after = await getOrderForAdmin(database.db, order.id);
      if (after.status === "completed") {
        expect(taken).toMatchObject({ status: "rejected", reason: { message: "The order is already completed." } });
        expect(await activity(order.id)).toEqual([{ adminId: ben.id, action: "completed", detail: null }]);
      } else {
        expect(completed).toMatchObject({ status: "rejected", reason: { message: `Taken by ${ann.email} — take it over first.` } });
        expect(after).toMatchObject({ status: "processing", takenBy: ann.id });
        expect(await activity(order.id)).toEqual([{ adminId: ann.id, action: "taken", detail: null }]);
      }
      expect(await balanceOf(reseller.id)).toBe(balance);
    }
  });
});
