import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { jobs, orders, suppliers, supplierAttempts, users } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import "@/lib/jobs/handlers";
import { runDueJobsOnce } from "@/lib/jobs/worker";
import { placeOrder } from "@/lib/orders/place-order";
import { toOrderRecord } from "@/lib/orders/serialize";
import { resellerWithBalance, testProduct } from "@/lib/orders/testing/helpers";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { addOffer } from "./manage-suppliers";
import { SUPPLIER_RECONCILE_JOB } from "./route-order";
import { addSupplier, testSupplierConnection } from "./supplier-admin";
import { fakeProduct, startFakeReloadly, type FakeReloadly } from "./suppliers/testing/fake-reloadly";

process.env.SUPPLIER_DELAY ??= "0";
// The local Reloadly is on loopback, which the SSRF guard refuses unless told.
process.env.SUPPLIER_ALLOW_PRIVATE = "1";

/** A Reloadly supplier added as an admin would, its credentials stored encrypted, buying through the worker's jobs. */
describe(`a Reloadly supplier (${testDriver()})`, () => {
  let database: Database;
  let fake: FakeReloadly;
  let supplierId: string;
  const quiet = { log: () => {} };

  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureTariffs(database.db);
    fake = await startFakeReloadly();
    fake.products = [fakeProduct(1, "Amazon"), fakeProduct(3, "Netflix")];
    fake.behaviour.set(3, "pending");
    const supplier = await addSupplier(database.db, {
      kind: "reloadly",
      name: "Reloadly",
      url: fake.url,
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      authUrl: fake.url,
    });
    supplierId = supplier.id;
  });
  afterAll(async () => {
    await fake.close();
    await database.close();
  });

  async function giftCard(sku: string, upstreamProductId: string) {
    await testProduct(database.db, { sku, category: "giftcard", fulfilment: "supplier", listPrice: 12_000_000n }, { offers: false });
    await addOffer(database.db, { sku, supplierId, upstreamProductId, cost: 10_300_000n });
  }

  it("keeps the client secret only encrypted, and tests the connection with Reloadly's balance", async () => {
    const [stored] = await database.db.select().from(suppliers).where(eq(suppliers.id, supplierId));
    expect(stored.credentialsEncrypted).not.toContain(fake.clientSecret);
    expect(stored.credentialsHint).toBe(`…${fake.clientId.slice(-4)}`);
    expect(await testSupplierConnection(database.db, supplierId, { allowPrivate: true })).toEqual({ ok: true, balance: "1000.00", currency: "USD" });
  });

  it("a reseller's order is bought from Reloadly under the attempt's id and delivered with its code and pin", async () => {
    await giftCard("gc-rld-amazon-10", "1:10.00");
    const user = await resellerWithBalance(database.db, 20_000_000n);
    const { order } = await placeOrder(database.db, { user, sku: "gc-rld-amazon-10", quantity: 1, fields: {}, source: "api" });
    await runDueJobsOnce(database.db, "worker-a", quiet);
    const [done] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    const [attempt] = await database.db.select().from(supplierAttempts).where(eq(supplierAttempts.orderId, order.id));
    const bought = fake.transactions.filter((t) => t.customIdentifier === attempt.id);
    expect(bought).toHaveLength(1);
    expect(attempt).toMatchObject({ status: "completed", upstreamOrderId: String(bought[0].transactionId) });
    expect(toOrderRecord(done)).toMatchObject({
      status: "completed",
      delivery: { items: [{ code: bought[0].cards[0].cardNumber, pin: bought[0].cards[0].pinCode }] },
    });
    const [buyer] = await database.db.select({ balance: users.balance }).from(users).where(eq(users.id, user.id));
    expect(buyer.balance).toBe(8_000_000n);
  });

  it("a pending transaction leaves the order processing; the reconcile job completes it once Reloadly has", async () => {
    await giftCard("gc-rld-netflix-10", "3:10.00");
    const user = await resellerWithBalance(database.db, 20_000_000n);
    const { order } = await placeOrder(database.db, { user, sku: "gc-rld-netflix-10", quantity: 1, fields: {}, source: "api" });
    await runDueJobsOnce(database.db, "worker-a", quiet);
    expect((await database.db.select().from(orders).where(eq(orders.id, order.id)))[0].status).toBe("processing");
    const [attempt] = await database.db.select().from(supplierAttempts).where(eq(supplierAttempts.orderId, order.id));
    expect(attempt.status).toBe("placed");
    const [transaction] = fake.transactions.filter((t) => t.customIdentifier === attempt.id);
    expect(attempt.upstreamOrderId).toBe(String(transaction.transactionId));

    fake.complete(transaction.transactionId);
    await database.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(and(eq(jobs.kind, SUPPLIER_RECONCILE_JOB), eq(jobs.status, "pending")));
    await runDueJobsOnce(database.db, "worker-b", quiet);
    const [done] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(toOrderRecord(done)).toMatchObject({ status: "completed", delivery: { items: [{ code: transaction.cards[0].cardNumber }] } });
    expect(fake.transactions.filter((t) => t.customIdentifier === attempt.id)).toHaveLength(1);
  });
});
