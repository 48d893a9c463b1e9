import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { listOrdersForAdmin, listResellerOrders } from "./list-orders";
import { placeOrder } from "./place-order";
import { resellerWithBalance, testProduct } from "./testing/helpers";

describe(`a reseller's orders and the admin's (${testDriver()})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureTariffs(database.db);
    await testProduct(database.db, { sku: "svc-lists", category: "manual", fulfilment: "manual", listPrice: 1_000_000n });
  });
  afterAll(async () => {
    await database.close();
  });

  it("a reseller lists only their own orders, even when asking for another's ids or reference; the admin lists everyone's", async () => {
    const [ann, bob] = await Promise.all([resellerWithBalance(database.db, 10_000_000n), resellerWithBalance(database.db, 10_000_000n)]);
    const buy = (user: typeof ann, reference: string) => placeOrder(database.db, { user, sku: "svc-lists", quantity: 1, fields: {}, source: "api", reference });
    const annOrder = (await buy(ann, "shared-ref")).order;
    const bobOrder = (await buy(bob, "shared-ref")).order;

    expect((await listResellerOrders(database.db, ann.id, { limit: 10 })).data.map((o) => o.id)).toEqual([annOrder.id]);
    expect((await listResellerOrders(database.db, ann.id, { ids: [annOrder.id, bobOrder.id], limit: 10 })).data.map((o) => o.id)).toEqual([annOrder.id]);
    expect((await listResellerOrders(database.db, bob.id, { reference: "shared-ref", limit: 10 })).data.map((o) => o.id)).toEqual([bobOrder.id]);
    expect((await listOrdersForAdmin(database.db, { ids: [annOrder.id, bobOrder.id], limit: 10 })).data.map((o) => o.id).sort()).toEqual(
      [annOrder.id, bobOrder.id].sort(),
    );
  });
});
