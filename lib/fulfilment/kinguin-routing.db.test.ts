import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { offers, supplierAttempts, suppliers, users } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { fulfilOrder } from "@/lib/orders/fulfil-order";
import { placeOrder } from "@/lib/orders/place-order";
import { toOrderRecord } from "@/lib/orders/serialize";
import { resellerWithBalance, testProduct } from "@/lib/orders/testing/helpers";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { addOffer, createSupplier } from "./manage-suppliers";
import type { RoutingOptions } from "./route-order";
import { fakeKinguinProduct, startFakeKinguin, type FakeKinguin } from "./suppliers/testing/fake-kinguin";

process.env.SUPPLIER_DELAY ??= "0";

const routing: RoutingOptions = { connector: { allowPrivate: true, timeoutMs: 3_000 } };

/**
 * A reseller's game-key order fulfilled from a Kinguin offer, against the local Kinguin: accepted
 * processing, polled until Kinguin delivers, completed with its key; a lost answer found again by our
 * reference, bought once; a sold-out Kinguin product moving on to the next offer.
 */
describe(`game keys bought from Kinguin (${testDriver()})`, () => {
  let database: Database;
  let kinguin: FakeKinguin;
  let skus = 0;
  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureTariffs(database.db);
    kinguin = await startFakeKinguin();
  });
  afterAll(async () => {
    await kinguin.close();
    await database.close();
  });

  const attemptsOf = (orderId: string) =>
    database.db.select().from(supplierAttempts).where(eq(supplierAttempts.orderId, orderId)).orderBy(supplierAttempts.createdAt, supplierAttempts.id);

  /** A 10.00 game key sold from the Kinguin products given, in that order of priority. */
  async function gameKey(kinguinIds: number[], overrides: Parameters<typeof fakeKinguinProduct>[1] = {}) {
    skus += 1;
    const sku = `gamekey-kinguin-${skus}`;
    const product = await testProduct(database.db, { sku, category: "gamekey", fulfilment: "supplier", listPrice: 10_000_000n }, { offers: false });
    const supplier = await createSupplier(database.db, { kind: "kinguin", name: "Kinguin", baseUrl: kinguin.url, credentials: kinguin.apiKey });
    for (const [priority, kinguinId] of kinguinIds.entries()) {
      const upstream = fakeKinguinProduct(kinguinId, priority === 0 ? overrides : {});
      kinguin.products.set(upstream.productId, upstream);
      await addOffer(database.db, { sku, supplierId: supplier.id, upstreamProductId: upstream.productId, cost: 6_300_000n, priority });
    }
    return product;
  }

  async function buy(sku: string) {
    const user = await resellerWithBalance(database.db, 50_000_000n);
    const { order } = await placeOrder(database.db, { user, sku, quantity: 1, fields: {}, source: "api" });
    return { user, order };
  }

  it("an order Kinguin accepts stays processing until Kinguin delivers, then completes with its key, bought once", async () => {
    const product = await gameKey([9101]);
    const { user, order } = await buy(product.sku);
    expect((await fulfilOrder(database.db, order.id, routing))!.status).toBe("processing");
    const [attempt] = await attemptsOf(order.id);
    expect(attempt).toMatchObject({ status: "placed", upstreamOrderId: expect.stringMatching(/^PHS/) });
    const bought = kinguin.orders.filter((o) => o.orderExternalId === attempt.id);
    expect(bought).toHaveLength(1);

    // Polled while Kinguin has not delivered: nothing changes, nothing is bought again.
    expect((await fulfilOrder(database.db, order.id, routing))!.status).toBe("processing");
    kinguin.complete(bought[0].orderId);
    const done = await fulfilOrder(database.db, order.id, routing);
    expect(toOrderRecord(done!)).toMatchObject({ status: "completed", delivery: { items: [{ code: `KEY-${bought[0].orderId}-1` }] } });
    expect(kinguin.orders.filter((o) => o.orderExternalId === attempt.id)).toHaveLength(1);
    const [buyer] = await database.db.select({ balance: users.balance }).from(users).where(eq(users.id, user.id));
    expect(buyer.balance).toBe(40_000_000n);
  });

  it("a Kinguin price risen since the last sync above what the reseller paid (in EUR at the supplier's rate) buys nothing: the order fails with the charge back", async () => {
    // 9.50 EUR at 1.10 USD a euro is 10.45, above the 10.00 paid; the offer still says the 6.30 of the last sync.
    const product = await gameKey([9151], { price: 9.5 });
    const [offer] = await database.db.select().from(offers).where(eq(offers.sku, product.sku));
    await database.db.update(suppliers).set({ usdRate: 1_100_000n }).where(eq(suppliers.id, offer.supplierId));
    const { user, order } = await buy(product.sku);
    const failed = await fulfilOrder(database.db, order.id, routing);
    expect(failed).toMatchObject({ status: "failed", failureReason: "This product cannot be delivered right now (product_unavailable)." });
    const [attempt] = await attemptsOf(order.id);
    expect(attempt).toMatchObject({
      status: "refused",
      errorCode: "product_unavailable",
      error: expect.stringMatching(/^Cost guard: Kinguin's price is now 9\.50 EUR a key, above the 9\.09\d* EUR paid\.$/),
    });
    expect(kinguin.orders.filter((o) => o.orderExternalId === attempt.id)).toHaveLength(0);
    const [buyer] = await database.db.select({ balance: users.balance }).from(users).where(eq(users.id, user.id));
    expect(buyer.balance).toBe(50_000_000n);
  });

  it("an answer lost after Kinguin made the order is found by our reference: one order, completed", async () => {
    const product = await gameKey([9201]);
    kinguin.dropAnswer = () => true;
    const { order } = await buy(product.sku);
    expect((await fulfilOrder(database.db, order.id, routing))!.status).toBe("processing");
    kinguin.dropAnswer = () => false;
    const [attempt] = await attemptsOf(order.id);
    expect(attempt.status).toBe("unknown");
    const [bought] = kinguin.orders.filter((o) => o.orderExternalId === attempt.id);
    kinguin.complete(bought.orderId);
    expect((await fulfilOrder(database.db, order.id, routing))!.status).toBe("completed");
    expect(kinguin.orders.filter((o) => o.orderExternalId === attempt.id)).toHaveLength(1);
    expect((await attemptsOf(order.id)).map((a) => [a.status, a.upstreamOrderId])).toEqual([["completed", bought.orderId]]);
  });

  it("a Kinguin product sold out moves on to the next offer", async () => {
    const product = await gameKey([9301, 9302], { qty: 0, textQty: 0 });
    const { order } = await buy(product.sku);
    expect((await fulfilOrder(database.db, order.id, routing))!.status).toBe("processing");
    const attempts = await attemptsOf(order.id);
    expect(attempts.map((a) => [a.status, a.errorCode])).toEqual([
      ["refused", "out_of_stock"],
      ["placed", null],
    ]);
    expect(kinguin.orders.filter((o) => attempts.some((a) => a.id === o.orderExternalId)).map((o) => o.product.kinguinId)).toEqual([9302]);
  });
});
