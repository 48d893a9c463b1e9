import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "@/lib/accounts/create-user";
import type { Database } from "@/lib/db/client";
import type { User } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { getOrderForAdmin, listOrdersForAdmin } from "./list-orders";
import { completeManualOrder } from "./manual-orders";
import { placeOrder } from "./place-order";
import { toOrderRecord } from "./serialize";
import { releaseOrder, takeOrder, takeOverOrder } from "./take-order";
import { resellerWithBalance, testProduct } from "./testing/helpers";

describe(`taking a manual order (${testDriver()})`, () => {
  let database: Database;
  let ann: User;
  let ben: User;
  let cat: User;
  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureTariffs(database.db);
    await testProduct(database.db, { sku: "svc-take", category: "manual", fulfilment: "manual", listPrice: 1_000_000n });
    const admin = (name: string) => createUser(database.db, { email: `${name}-${Date.now()}@ops.test`, password: "long-enough-password", role: "admin" });
    [ann, ben, cat] = await Promise.all([admin("ann"), admin("ben"), admin("cat")]);
  });
  afterAll(async () => {
    await database.close();
  });

  async function processingOrder() {
    const user = await resellerWithBalance(database.db, 5_000_000n);
    return (await placeOrder(database.db, { user, sku: "svc-take", quantity: 1, fields: {}, source: "panel" })).order;
  }

  it("another admin is refused, told who has it, until they take it over", async () => {
    const order = await processingOrder();
    expect(order).toMatchObject({ takenBy: null, takenAt: null });

    const taken = await takeOrder(database.db, order.id, ann.id);
    expect(taken.takenBy).toBe(ann.id);
    expect(taken.takenAt).toBeInstanceOf(Date);
    await expect(takeOrder(database.db, order.id, ben.id)).rejects.toThrow(`${ann.email} has taken this order. Take it over to work on it yourself.`);
    // Taking one's own again (a second click) keeps the time it was taken.
    expect((await takeOrder(database.db, order.id, ann.id)).takenAt).toEqual(taken.takenAt);

    const takenOver = await takeOverOrder(database.db, order.id, ben.id, ann.id);
    expect(takenOver.takenBy).toBe(ben.id);
    // Cat's page still showed Ann: the take-over displaces only the holder Cat saw.
    await expect(takeOverOrder(database.db, order.id, cat.id, ann.id)).rejects.toThrow(`${ben.email} has taken this order over meanwhile; reload it.`);
    expect((await getOrderForAdmin(database.db, order.id)).takenBy).toBe(ben.id);
  });

  it("only the admin who has it releases it, and then anyone can take it", async () => {
    const order = await processingOrder();
    await takeOrder(database.db, order.id, ann.id);
    await expect(releaseOrder(database.db, order.id, ben.id)).rejects.toThrow(`${ann.email} has taken this order; only they can release it.`);
    expect(await releaseOrder(database.db, order.id, ann.id)).toMatchObject({ takenBy: null, takenAt: null });
    expect((await takeOrder(database.db, order.id, ben.id)).takenBy).toBe(ben.id);
  });

  it("a closed order is refused as the other manual actions refuse it", async () => {
    const order = await processingOrder();
    await takeOrder(database.db, order.id, ann.id);
    await completeManualOrder(database.db, order.id, ann.id, { note: "Done" });
    const attempts = [
      () => takeOrder(database.db, order.id, ben.id),
      () => takeOverOrder(database.db, order.id, ben.id, ann.id),
      () => releaseOrder(database.db, order.id, ann.id),
    ];
    for (const attempt of attempts) {
      await expect(attempt()).rejects.toMatchObject({ code: "validation_error", message: "The order is already completed." });
    }
    await expect(takeOrder(database.db, "ord_doesnotexist", ann.id)).rejects.toMatchObject({ code: "not_found" });
  });

  it("integrators see the same order record however it is taken", async () => {
    const order = await processingOrder();
    const before = toOrderRecord(await getOrderForAdmin(database.db, order.id));
    await takeOrder(database.db, order.id, ann.id);
    expect(toOrderRecord(await getOrderForAdmin(database.db, order.id))).toEqual(before);
  });

  it("the queue lists the orders nobody has taken, or one admin's", async () => {
    const [free, anns, bens] = await Promise.all([processingOrder(), processingOrder(), processingOrder()]);
    await takeOrder(database.db, anns.id, ann.id);
    await takeOrder(database.db, bens.id, ben.id);
    const ids = async (takenBy: string | null) => (await listOrdersForAdmin(database.db, { awaitingHand: true, takenBy, limit: 100 })).data.map((o) => o.id);
    const untaken = await ids(null);
    expect(untaken).toContain(free.id);
    expect(untaken).not.toContain(anns.id);
    expect(untaken).not.toContain(bens.id);
    const mine = await ids(ann.id);
    expect(mine).toContain(anns.id);
    expect(mine).not.toContain(free.id);
    expect(mine).not.toContain(bens.id);
  });

  it("of two admins taking the same order at once, exactly one has it and the other is told who", async () => {
    for (let round = 0; round < 10; round += 1) {
      const order = await processingOrder();
      const outcomes = await Promise.allSettled([takeOrder(database.db, order.id, ann.id), takeOrder(database.db, order.id, ben.id)]);
      const holder = (await getOrderForAdmin(database.db, order.id)).takenBy;
      const [winner, loser] = holder === ann.id ? [ann, ben] : [ben, ann];
      expect(holder).toBe(winner.id);
      expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
      const refused = outcomes.find((outcome) => outcome.status === "rejected");
      expect(String(refused?.reason), `${loser.email} is refused`).toContain(`${winner.email} has taken this order.`);
    }
  });
});
