import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "@/lib/config/env";
import type { Database } from "@/lib/db/client";
import { jobs, offers, orders, supplierAttempts, users } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import "@/lib/jobs/handlers";
import { runDueJobsOnce } from "@/lib/jobs/worker";
import { giveUpOnOrder } from "@/lib/orders/fulfil-job";
import { placeOrder } from "@/lib/orders/place-order";
import { toOrderRecord } from "@/lib/orders/serialize";
import { resellerWithBalance, testProduct } from "@/lib/orders/testing/helpers";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { addOffer, createSupplier } from "./manage-suppliers";
import { SUPPLIER_RECONCILE_JOB } from "./route-order";
import { refuseSandboxSupplierInProduction } from "./sandbox-guard";
import { startFakeUpstream, type FakeUpstream } from "./suppliers/testing/fake-upstream";

process.env.SUPPLIER_DELAY ??= "0";
// The local upstream is on loopback, which the SSRF guard refuses unless told.
process.env.SUPPLIER_ALLOW_PRIVATE = "1";

/** The worker's side: the fulfil job hands an unknown outcome to the reconcile job, which settles it. */
describe(`supplier jobs (${testDriver()})`, () => {
  let database: Database;
  let upstream: FakeUpstream;
  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureTariffs(database.db);
    upstream = await startFakeUpstream();
  });
  afterAll(async () => {
    await upstream.close();
    await database.close();
  });

  const quiet = { log: () => {} };
  const balanceOf = async (id: string) => (await database.db.select({ b: users.balance }).from(users).where(eq(users.id, id)))[0].b;

  async function upstreamProduct(sku: string) {
    await testProduct(database.db, { sku, category: "giftcard", fulfilment: "supplier", listPrice: 2_000_000n }, { offers: false });
    const supplier = await createSupplier(database.db, { kind: "reseller-api", name: "Upstream", baseUrl: upstream.url, credentials: upstream.apiKey });
    await addOffer(database.db, { sku, supplierId: supplier.id, upstreamProductId: "up-job", cost: 1_000_000n });
  }

  it("a lost answer: the fulfil job leaves the order processing, the reconcile job completes it with the upstream's code", async () => {
    await upstreamProduct("gc-job-drop");
    upstream.dropAnswer = () => true;
    const user = await resellerWithBalance(database.db, 5_000_000n);
    const { order } = await placeOrder(database.db, { user, sku: "gc-job-drop", quantity: 1, fields: {}, source: "api" });
    await runDueJobsOnce(database.db, "worker-a", quiet);
    expect((await database.db.select().from(orders).where(eq(orders.id, order.id)))[0].status).toBe("processing");
    const [reconcile] = await database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, SUPPLIER_RECONCILE_JOB), eq(jobs.status, "pending")));
    expect(reconcile.payload).toEqual({ orderId: order.id });

    upstream.dropAnswer = () => false;
    await database.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.id, reconcile.id));
    await runDueJobsOnce(database.db, "worker-b", quiet);
    const [done] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    const [attempt] = await database.db.select().from(supplierAttempts).where(eq(supplierAttempts.orderId, order.id));
    expect(toOrderRecord(done)).toMatchObject({
      status: "completed",
      delivery: { items: [{ code: upstream.orders.find((o) => o.reference === attempt.id)!.code }] },
    });
    expect(upstream.orders.filter((o) => o.reference === attempt.id)).toHaveLength(1);
    expect(await balanceOf(user.id)).toBe(3_000_000n);
  });

  it("a job that gives up on an order with an open attempt sends it to a person, still charged; with nothing sent it refunds", async () => {
    await upstreamProduct("gc-job-giveup");
    upstream.dropAnswer = () => true;
    const user = await resellerWithBalance(database.db, 5_000_000n);
    const { order: open } = await placeOrder(database.db, { user, sku: "gc-job-giveup", quantity: 1, fields: {}, source: "api" });
    const { order: untouched } = await placeOrder(database.db, { user, sku: "gc-job-giveup", quantity: 1, fields: {}, source: "api" });
    await runDueJobsOnce(database.db, "worker-a", quiet);
    upstream.dropAnswer = () => false;
    await database.db.delete(supplierAttempts).where(eq(supplierAttempts.orderId, untouched.id));
    await giveUpOnOrder(database.db, open.id);
    await giveUpOnOrder(database.db, untouched.id);
    const [stillOpen] = await database.db.select().from(orders).where(eq(orders.id, open.id));
    expect(stillOpen.status).toBe("processing");
    const [attempt] = await database.db.select().from(supplierAttempts).where(eq(supplierAttempts.orderId, open.id));
    expect(attempt.escalatedAt).not.toBeNull();
    expect((await database.db.select().from(orders).where(eq(orders.id, untouched.id)))[0].status).toBe("failed");
    expect(await balanceOf(user.id)).toBe(3_000_000n);
  });

  it("a production start refuses while an enabled offer buys from the sandbox, unless ALLOW_SANDBOX_SUPPLIER=1", async () => {
    await testProduct(database.db, { sku: "tu-sandboxed", category: "topup", fulfilment: "supplier", listPrice: 1_000_000n });
    const production = loadConfig({ ...process.env, DATABASE_URL: "postgres://db.example/shop" });
    await expect(refuseSandboxSupplierInProduction(database.db, production)).rejects.toThrow(
      /Refusing to start: \d+ enabled offer\(s\) buy from the sandbox supplier.*ALLOW_SANDBOX_SUPPLIER=1/,
    );
    await expect(refuseSandboxSupplierInProduction(database.db, { ...production, ALLOW_SANDBOX_SUPPLIER: true })).resolves.toBeUndefined();
    await expect(refuseSandboxSupplierInProduction(database.db, { ...production, DATABASE_URL: undefined })).resolves.toBeUndefined();
    await database.db.update(offers).set({ enabled: false });
    await expect(refuseSandboxSupplierInProduction(database.db, production)).resolves.toBeUndefined();
    await database.db.update(offers).set({ enabled: true });
  });
});
