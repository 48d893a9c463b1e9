import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { orders, supplierAttempts, suppliers, type Order } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import "@/lib/jobs/handlers";
import { enqueueJob } from "@/lib/jobs/queue";
import { registerJobHandler } from "@/lib/jobs/registry";
import { startWorker, type Worker } from "@/lib/jobs/worker";
import { fulfilOrder } from "@/lib/orders/fulfil-order";
import { placeOrder } from "@/lib/orders/place-order";
import { resellerWithBalance, testProduct } from "@/lib/orders/testing/helpers";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { addOffer, createSupplier } from "./manage-suppliers";
import { startFakeUpstream, type FakeUpstream } from "./suppliers/testing/fake-upstream";

process.env.SUPPLIER_DELAY = "0";
// The local upstreams are on loopback, which the SSRF guard refuses unless told.
process.env.SUPPLIER_ALLOW_PRIVATE = "1";

const PING_JOB = "test.lanes.ping";
const pings = new Map<string, number>();
registerJobHandler(PING_JOB, async (job) => {
  pings.set(String(job.payload.name), Date.now());
});

/**
 * A started worker with suppliers that misbehave: a 429 holds back only that supplier's orders, until its
 * Retry-After; a slow supplier holds only its own max_in_flight calls, never other suppliers' orders or
 * other job kinds. Behaviour, not a benchmark: the margins are wide.
 */
describe(`supplier rate limits and lanes (${testDriver()})`, () => {
  let database: Database;
  const upstreams: FakeUpstream[] = [];
  let worker: Worker | null = null;
  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureTariffs(database.db);
  });
  afterEach(async () => {
    await worker?.stop(5_000);
    worker = null;
  });
  afterAll(async () => {
    await Promise.all(upstreams.map((upstream) => upstream.close()));
    await database.close();
  });

  async function supplierSelling(sku: string, options: { maxInFlight?: number } = {}) {
    const upstream = await startFakeUpstream();
    upstreams.push(upstream);
    await testProduct(database.db, { sku, category: "giftcard", fulfilment: "supplier", listPrice: 2_000_000n }, { offers: false });
    const supplier = await createSupplier(database.db, {
      kind: "reseller-api",
      name: `Upstream of ${sku}`,
      baseUrl: upstream.url,
      credentials: upstream.apiKey,
    });
    if (options.maxInFlight) await database.db.update(suppliers).set({ maxInFlight: options.maxInFlight }).where(eq(suppliers.id, supplier.id));
    await addOffer(database.db, { sku, supplierId: supplier.id, upstreamProductId: `up-${sku}`, cost: 1_000_000n });
    return { upstream, supplier };
  }

  async function buy(sku: string, count: number): Promise<Order[]> {
    const user = await resellerWithBalance(database.db, 2_000_000n * BigInt(count));
    const placed: Order[] = [];
    for (let i = 0; i < count; i++) placed.push((await placeOrder(database.db, { user, sku, quantity: 1, fields: {}, source: "api" })).order);
    return placed;
  }

  /** When each order was first seen completed, watched every 25 ms until all are or the time is up. */
  async function completionTimes(watched: Order[], timeoutMs: number): Promise<Map<string, number>> {
    const seen = new Map<string, number>();
    const ids = watched.map((order) => order.id);
    const until = Date.now() + timeoutMs;
    while (seen.size < ids.length && Date.now() < until) {
      const rows = await database.db.select({ id: orders.id, status: orders.status }).from(orders).where(inArray(orders.id, ids));
      for (const row of rows) if (row.status === "completed" && !seen.has(row.id)) seen.set(row.id, Date.now());
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return seen;
  }

  const quietWorker = () => startWorker({ db: database.db, pollIntervalMs: 50, log: () => {} });

  it("a 429 with Retry-After holds back that supplier's orders alone until then; each is then bought exactly once", async () => {
    const limited = await supplierSelling("gc-lane-429");
    const other = await supplierSelling("gc-lane-free");
    limited.upstream.rateLimit = { count: 1, retryAfterSeconds: 3 };
    worker = quietWorker();
    const [first] = await buy("gc-lane-429", 1);
    // The 429 arrives and rate-limits the supplier.
    await expect
      .poll(async () => (await database.db.select().from(suppliers).where(eq(suppliers.id, limited.supplier.id)))[0].rateLimitedUntil, { timeout: 5_000 })
      .not.toBeNull();
    const limitedAt = Date.now();
    const [second] = await buy("gc-lane-429", 1);
    const freeOrders = await buy("gc-lane-free", 3);
    const freeDone = await completionTimes(freeOrders, 5_000);
    expect(freeDone.size).toBe(3);
    for (const at of freeDone.values()) expect(at - limitedAt).toBeLessThan(2_500);
    // Nothing went to the limited supplier meanwhile: only the request it refused.
    expect(limited.upstream.requests).toBe(1);
    const [[firstNow], [secondNow]] = await Promise.all([first, second].map((order) => database.db.select().from(orders).where(eq(orders.id, order.id))));
    expect([firstNow.status, secondNow.status]).toEqual(["processing", "processing"]);
    const [attempt] = await database.db.select().from(supplierAttempts).where(eq(supplierAttempts.orderId, first.id));
    expect(attempt.status).toBe("unknown");

    const limitedDone = await completionTimes([first, second], 15_000);
    expect(limitedDone.size).toBe(2);
    for (const at of limitedDone.values()) expect(at - limitedAt).toBeGreaterThanOrEqual(2_000);
    const attempts = await database.db
      .select()
      .from(supplierAttempts)
      .where(inArray(supplierAttempts.orderId, [first.id, second.id]));
    expect(attempts.map((a) => a.status).sort()).toEqual(["completed", "completed"]);
    for (const a of attempts) expect(limited.upstream.orders.filter((o) => o.reference === a.id)).toHaveLength(1);
    expect(limited.upstream.orders).toHaveLength(2);
    expect(other.upstream.orders).toHaveLength(3);
  });

  it("a slow supplier (max_in_flight as set) holds up neither another supplier's orders nor other job kinds", async () => {
    // Its default max_in_flight (8) is more than the general lane's 4 slots: run there, it would fill them.
    // The slow supplier answers nothing until the others are done, so the check holds however busy the machine is.
    const slow = await supplierSelling("gc-lane-slow");
    const fast = await supplierSelling("gc-lane-fast");
    let release!: () => void;
    slow.upstream.hold = new Promise((resolve) => (release = resolve));
    worker = quietWorker();
    try {
      const slowOrders = await buy("gc-lane-slow", 24);
      await expect.poll(() => slow.upstream.maxConcurrentCreates, { timeout: 15_000 }).toBe(8);
      const fastOrders = await buy("gc-lane-fast", 6);
      await enqueueJob(database.db, { kind: PING_JOB, payload: { name: "during-slow" } });
      const fastDone = await completionTimes(fastOrders, 20_000);
      expect(fastDone.size).toBe(6);
      await expect.poll(() => pings.has("during-slow"), { timeout: 10_000 }).toBe(true);
      // All of it happened while the slow supplier held eight calls and had answered none.
      expect(slow.upstream.orders).toHaveLength(0);
      expect(slow.upstream.maxConcurrentCreates).toBe(8);
      expect(slow.upstream.createRequests).toBe(8);

      release();
      const slowDone = await completionTimes(slowOrders, 30_000);
      expect(slowDone.size).toBe(24);
      expect(slow.upstream.maxConcurrentCreates).toBe(8);
      expect(slow.upstream.orders).toHaveLength(24);
      expect(new Set(slow.upstream.orders.map((o) => o.reference)).size).toBe(24);
      expect(fast.upstream.orders).toHaveLength(6);
    } finally {
      release();
    }
  });

  it("max_in_flight is honoured: a supplier set to 3 never has more than 3 calls under way", async () => {
    const narrow = await supplierSelling("gc-lane-narrow", { maxInFlight: 3 });
    narrow.upstream.delayMs = 300;
    worker = quietWorker();
    const placed = await buy("gc-lane-narrow", 9);
    expect((await completionTimes(placed, 20_000)).size).toBe(9);
    expect(narrow.upstream.maxConcurrentCreates).toBe(3);
    expect(narrow.upstream.orders).toHaveLength(9);
  });

  it("an open attempt at a supplier that stays rate-limited is not asked about, yet still reaches the manual queue at the deadline", async () => {
    const limited = await supplierSelling("gc-lane-deadline");
    limited.upstream.behaviour.set("up-gc-lane-deadline", "processing");
    const [order] = await buy("gc-lane-deadline", 1);
    await fulfilOrder(database.db, order.id);
    const requests = limited.upstream.requests;
    await database.db
      .update(suppliers)
      .set({ rateLimitedUntil: sql`now() + interval '1 hour'` })
      .where(eq(suppliers.id, limited.supplier.id));
    expect(await fulfilOrder(database.db, order.id, { reconcileDeadlineMs: 0 })).toMatchObject({ status: "processing" });
    expect(limited.upstream.requests).toBe(requests);
    const [attempt] = await database.db.select().from(supplierAttempts).where(eq(supplierAttempts.orderId, order.id));
    expect(attempt).toMatchObject({ status: "placed", escalatedAt: expect.any(Date) });
  });
});
