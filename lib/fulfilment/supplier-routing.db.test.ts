import { eq, sum } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { ledgerEntries, orders, supplierAttempts, users, type Order, type Product, type User } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { fulfilmentPass, fulfilOrder } from "@/lib/orders/fulfil-order";
import { listOrdersForAdmin } from "@/lib/orders/list-orders";
import { placeOrder } from "@/lib/orders/place-order";
import { toOrderRecord } from "@/lib/orders/serialize";
import { resellerWithBalance, testProduct } from "@/lib/orders/testing/helpers";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { addOffer, createSupplier } from "./manage-suppliers";
import type { RoutingOptions } from "./route-order";
import { startFakeUpstream, type FakeUpstream } from "./suppliers/testing/fake-upstream";

process.env.SUPPLIER_DELAY ??= "0";

const UPSTREAM_NAME = "Acme Wholesale";
const routing: RoutingOptions = { connector: { allowPrivate: true, timeoutMs: 3_000 } };

/**
 * Orders of supplier products routed to upstream offers over HTTP, against a local upstream that answers
 * as this product's API does: failover, the cost guard, unknown outcomes and their reconciliation.
 */
describe(`supplier routing and reconciliation (${testDriver()})`, () => {
  let database: Database;
  let upstream: FakeUpstream;
  let skus = 0;
  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureTariffs(database.db);
    upstream = await startFakeUpstream();
  });
  afterAll(async () => {
    await upstream.close();
    await database.close();
  });
  beforeEach(() => {
    upstream.dropAnswer = () => false;
    upstream.delayMs = 0;
  });

  const ledgerState = async (userId: string) => {
    const [user] = await database.db.select({ balance: users.balance }).from(users).where(eq(users.id, userId));
    const [row] = await database.db
      .select({ total: sum(ledgerEntries.amount) })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, userId));
    return { balance: user.balance, ledgerSum: BigInt(row.total ?? "0") };
  };
  const attemptsOf = (orderId: string) =>
    database.db.select().from(supplierAttempts).where(eq(supplierAttempts.orderId, orderId)).orderBy(supplierAttempts.createdAt, supplierAttempts.id);
  const orderNow = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0];
  const upstreamOrdersOf = (attemptIds: string[]) => upstream.orders.filter((o) => attemptIds.includes(o.reference));

  /** A 2.00 gift card sold only through the offers given: [upstream sku, cost, priority]. */
  async function productWithOffers(offerList: [string, bigint, number][], extra: Partial<Pick<Product, "sellAtLossAllowed">> = {}) {
    skus += 1;
    const sku = `gc-up-${skus}`;
    const product = await testProduct(database.db, { sku, category: "giftcard", fulfilment: "supplier", listPrice: 2_000_000n, ...extra }, { offers: false });
    const supplier = await createSupplier(database.db, { kind: "reseller-api", name: UPSTREAM_NAME, baseUrl: upstream.url, credentials: upstream.apiKey });
    for (const [upstreamSku, cost, priority] of offerList)
      await addOffer(database.db, { sku, supplierId: supplier.id, upstreamProductId: upstreamSku, cost, priority });
    return { product, supplier };
  }

  async function buy(sku: string, user?: User): Promise<{ user: User; order: Order }> {
    const buyer = user ?? (await resellerWithBalance(database.db, 10_000_000n));
    const { order } = await placeOrder(database.db, { user: buyer, sku, quantity: 1, fields: {}, source: "api" });
    return { user: buyer, order };
  }

  it("a definite refusal moves on to the next offer, which delivers its code", async () => {
    upstream.behaviour.set("up-empty", "out_of_stock");
    const { product } = await productWithOffers([
      ["up-empty", 1_000_000n, 0],
      ["up-good", 1_500_000n, 1],
    ]);
    const { user, order } = await buy(product.sku);
    const done = await fulfilOrder(database.db, order.id, routing);
    expect(done!.status).toBe("completed");
    const attempts = await attemptsOf(order.id);
    expect(attempts.map((a) => [a.status, a.errorCode])).toEqual([
      ["refused", "out_of_stock"],
      ["completed", null],
    ]);
    const bought = upstreamOrdersOf(attempts.map((a) => a.id));
    expect(bought).toHaveLength(1);
    expect(toOrderRecord(done!).delivery!.items[0].code).toBe(bought[0].code);
    expect(attempts[1].upstreamOrderId).toBe(bought[0].order_id);
    expect(await ledgerState(user.id)).toEqual({ balance: 8_000_000n, ledgerSum: 8_000_000n });
  });

  it("every offer refusing fails the order with the charge back, in words that name no supplier", async () => {
    upstream.behaviour.set("up-gone", "product_unavailable");
    upstream.behaviour.set("up-none", "out_of_stock");
    const { product } = await productWithOffers([
      ["up-gone", 1_000_000n, 0],
      ["up-none", 1_000_000n, 1],
    ]);
    const { user, order } = await buy(product.sku);
    const failed = await fulfilOrder(database.db, order.id, routing);
    expect(failed).toMatchObject({ status: "failed", failureReason: "Out of stock at the moment this order came to be delivered (out_of_stock)." });
    expect(failed!.failureReason).not.toContain(UPSTREAM_NAME);
    expect(failed!.failureReason).not.toContain("127.0.0.1");
    expect(await ledgerState(user.id)).toEqual({ balance: 10_000_000n, ledgerSum: 10_000_000n });
  });

  it("a product without a usable offer fails cleanly as product_unavailable, the charge back", async () => {
    const { product } = await productWithOffers([]);
    const { user, order } = await buy(product.sku);
    const failed = await fulfilOrder(database.db, order.id, routing);
    expect(failed).toMatchObject({ status: "failed", failureReason: "This product cannot be delivered right now (product_unavailable)." });
    expect(await ledgerState(user.id)).toEqual({ balance: 10_000_000n, ledgerSum: 10_000_000n });
  });

  it("cost guard: an offer above the price paid is never used, and the refusal is recorded", async () => {
    const { product } = await productWithOffers([
      ["up-dear", 2_500_000n, 0],
      ["up-fair", 1_800_000n, 1],
    ]);
    const { order } = await buy(product.sku);
    expect((await fulfilOrder(database.db, order.id, routing))!.status).toBe("completed");
    const attempts = await attemptsOf(order.id);
    expect(attempts.map((a) => [a.status, a.error?.startsWith("Cost guard") ?? false])).toEqual([
      ["refused", true],
      ["completed", false],
    ]);
    expect(upstream.orders.filter((o) => o.sku === "up-dear")).toHaveLength(0);

    const { product: onlyDear } = await productWithOffers([["up-dear", 2_500_000n, 0]]);
    const { user, order: lossOrder } = await buy(onlyDear.sku);
    expect((await fulfilOrder(database.db, lossOrder.id, routing))!.status).toBe("failed");
    expect(await ledgerState(user.id)).toEqual({ balance: 10_000_000n, ledgerSum: 10_000_000n });
    expect(upstream.orders.filter((o) => o.sku === "up-dear")).toHaveLength(0);
  });

  it("a product that allows selling at a loss buys from the dearer offer", async () => {
    const { product } = await productWithOffers([["up-dear", 2_500_000n, 0]], { sellAtLossAllowed: true });
    const { order } = await buy(product.sku);
    expect((await fulfilOrder(database.db, order.id, routing))!.status).toBe("completed");
    expect((await attemptsOf(order.id)).map((a) => a.cost)).toEqual([2_500_000n]);
  });

  it("an answer lost after sending leaves the order processing; the reconcile finds it by our reference and completes with its code, bought once", async () => {
    const { product } = await productWithOffers([
      ["up-drop", 1_000_000n, 0],
      ["up-other", 1_000_000n, 1],
    ]);
    upstream.dropAnswer = () => true;
    const { user, order } = await buy(product.sku);
    const first = await fulfilOrder(database.db, order.id, routing);
    expect(first!.status).toBe("processing");
    expect((await attemptsOf(order.id)).map((a) => a.status)).toEqual(["unknown"]);
    expect(await ledgerState(user.id)).toEqual({ balance: 8_000_000n, ledgerSum: 8_000_000n });

    upstream.dropAnswer = () => false;
    const done = await fulfilOrder(database.db, order.id, routing);
    const attempts = await attemptsOf(order.id);
    const bought = upstreamOrdersOf(attempts.map((a) => a.id));
    expect(bought).toHaveLength(1);
    expect(bought[0].sku).toBe("up-drop");
    expect(toOrderRecord(done!)).toMatchObject({ status: "completed", delivery: { items: [{ code: bought[0].code }] } });
    expect(attempts.map((a) => a.status)).toEqual(["completed"]);
  });

  it("a crash after `sending` was recorded: the next run reconciles, whether or not the upstream got the order, and never orders twice", async () => {
    const { product } = await productWithOffers([["up-crash", 1_000_000n, 0]]);
    // The process died after the upstream created the order and before its answer was written.
    upstream.dropAnswer = () => true;
    const { order: reached } = await buy(product.sku);
    await fulfilOrder(database.db, reached.id, routing);
    // A minute ago: its job's lease has run out since, and another worker takes the order up.
    const crashedAt = new Date(Date.now() - 60_000);
    await database.db.update(supplierAttempts).set({ status: "sending", error: null, updatedAt: crashedAt }).where(eq(supplierAttempts.orderId, reached.id));
    // The process died before the request left.
    const { order: lost } = await buy(product.sku);
    const [offer] = await database.db.select().from(supplierAttempts).where(eq(supplierAttempts.orderId, reached.id));
    await database.db.insert(supplierAttempts).values({
      id: "sat_01KCRASHEDBEFORESENDING00",
      orderId: lost.id,
      offerId: offer.offerId,
      supplierId: offer.supplierId,
      cost: 1_000_000n,
      status: "sending",
      createdAt: crashedAt,
      updatedAt: crashedAt,
    });
    upstream.dropAnswer = () => false;

    for (const order of [reached, lost]) {
      const done = await fulfilOrder(database.db, order.id, routing);
      expect(done!.status).toBe("completed");
      const attempts = await attemptsOf(order.id);
      expect(attempts).toHaveLength(1);
      expect(upstreamOrdersOf([attempts[0].id])).toHaveLength(1);
    }
  });

  it("an order still processing upstream is polled until it completes", async () => {
    upstream.behaviour.set("up-slow", "processing");
    const { product } = await productWithOffers([["up-slow", 1_000_000n, 0]]);
    const { order } = await buy(product.sku);
    expect((await fulfilOrder(database.db, order.id, routing))!.status).toBe("processing");
    const [placed] = await attemptsOf(order.id);
    expect(placed.status).toBe("placed");
    expect((await fulfilOrder(database.db, order.id, routing))!.status).toBe("processing");
    upstream.complete(placed.upstreamOrderId!);
    expect((await fulfilOrder(database.db, order.id, routing))!.status).toBe("completed");
    expect(upstreamOrdersOf([placed.id])).toHaveLength(1);
  });

  it("an outcome unknown past the reconcile deadline puts the order in the manual queue, still charged, not refunded", async () => {
    const { product } = await productWithOffers([["up-dark", 1_000_000n, 0]]);
    upstream.behaviour.set("up-dark", "server_error");
    const { user, order } = await buy(product.sku);
    expect((await fulfilOrder(database.db, order.id, routing))!.status).toBe("processing");
    expect((await fulfilOrder(database.db, order.id, { ...routing, reconcileDeadlineMs: 0 }))!.status).toBe("processing");
    const [attempt] = await attemptsOf(order.id);
    expect(attempt).toMatchObject({ status: "unknown" });
    expect(attempt.escalatedAt).not.toBeNull();
    const queue = await listOrdersForAdmin(database.db, { awaitingHand: true, limit: 100 });
    expect(queue.data.map((o) => o.id)).toContain(order.id);
    expect(await ledgerState(user.id)).toEqual({ balance: 8_000_000n, ledgerSum: 8_000_000n });
  });

  it("100 orders with 30% of answers dropped: every order completes, each bought exactly once", async () => {
    const { product } = await productWithOffers([["up-flaky", 1_000_000n, 0]]);
    let n = 0;
    upstream.dropAnswer = () => n++ % 10 < 3;
    const buyer = await resellerWithBalance(database.db, 200_000_000n);
    const placed: Order[] = [];
    for (let i = 0; i < 100; i++) placed.push((await buy(product.sku, buyer)).order);
    for (let pass = 0; pass < 5; pass++) {
      for (const order of placed) await fulfilOrder(database.db, order.id, routing);
    }
    const statuses = await Promise.all(placed.map((o) => orderNow(o.id)));
    expect(statuses.filter((o) => o.status !== "completed")).toEqual([]);
    const attempts = (await Promise.all(placed.map((o) => attemptsOf(o.id)))).flat();
    const bought = upstreamOrdersOf(attempts.map((a) => a.id));
    expect(bought).toHaveLength(100);
    expect(new Set(bought.map((o) => o.reference)).size).toBe(100);
    expect(attempts.filter((a) => a.status === "unknown")).toEqual([]);
    expect(await ledgerState(buyer.id)).toEqual({ balance: 0n, ledgerSum: 0n });
  });

  it("a second pass leaves an attempt another pass is still sending alone: it neither asks nor sends until that send has had its time", async () => {
    const { product } = await productWithOffers([["up-held", 1_000_000n, 0]]);
    let release!: () => void;
    upstream.hold = new Promise((resolve) => (release = resolve));
    try {
      const { order } = await buy(product.sku);
      const requestsBefore = upstream.requests;
      const first = fulfilOrder(database.db, order.id, routing);
      await expect.poll(async () => (await attemptsOf(order.id)).map((a) => a.status), { timeout: 5_000 }).toEqual(["sending"]);
      await expect.poll(() => upstream.createRequests, { timeout: 5_000 }).toBeGreaterThan(0);
      const second = await fulfilmentPass(database.db, order.id, routing);
      expect(second).toMatchObject({ pending: true, order: { status: "processing" } });
      expect(second.retryInMs).toBeGreaterThan(0);
      expect(second.retryInMs).toBeLessThanOrEqual(3_000);
      // Only the first pass's create reached the upstream: no read by reference, no second send.
      expect(upstream.requests - requestsBefore).toBe(1);
      release();
      expect((await first)!.status).toBe("completed");
      expect(upstreamOrdersOf((await attemptsOf(order.id)).map((a) => a.id))).toHaveLength(1);
    } finally {
      release();
      upstream.hold = null;
    }
  });

  it("two workers running one order's job at once buy it once", async () => {
    const { product } = await productWithOffers([["up-race", 1_000_000n, 0]]);
    upstream.delayMs = 150;
    for (let i = 0; i < 5; i++) {
      const { order } = await buy(product.sku);
      const [a, b] = await Promise.all([fulfilOrder(database.db, order.id, routing), fulfilOrder(database.db, order.id, routing)]);
      const now = await orderNow(order.id);
      expect(now.status).toBe("completed");
      expect([a!.status, b!.status]).toContain("completed");
      const attempts = await attemptsOf(order.id);
      expect(attempts).toHaveLength(1);
      expect(upstreamOrdersOf([attempts[0].id])).toHaveLength(1);
    }
  });
});
