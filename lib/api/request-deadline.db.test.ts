import { setTimeout as delay } from "node:timers/promises";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as v2Order } from "@/app/api/v2/order/route";
import { createApiKey } from "@/lib/api-keys/manage-keys";
import { findProduct } from "@/lib/catalog/get-product";
import { setDatabase, type Database } from "@/lib/db/client";
import { executeRows } from "@/lib/db/rows";
import { idempotencyKeys, ledgerEntries, orders, users } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { resellerWithBalance, testProduct } from "@/lib/orders/testing/helpers";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";

vi.hoisted(() => {
  process.env.REQUEST_DEADLINE = "1s";
  delete (globalThis as { __appConfig?: unknown }).__appConfig;
});

vi.mock("@/lib/catalog/get-product", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/catalog/get-product")>();
  return { ...actual, findProduct: vi.fn(actual.findProduct) };
});

/**
 * A request that cannot finish (a lock held elsewhere, a backend that stopped answering) is answered
 * 503 service_unavailable at its deadline, retryable, and what it had begun is rolled back: nothing
 * charged, no order, its Idempotency-Key free for the retry, its connection back in the pool.
 */
describe(`an order past the request deadline (${testDriver()})`, () => {
  let database: Database;
  const ORDER = { sku: "deadline-topup", quantity: 1, fields: {} };

  beforeAll(async () => {
    database = await createTestDatabase({ maxConnections: 2 });
    await ensureTariffs(database.db);
    setDatabase(database);
    await testProduct(database.db, { sku: ORDER.sku, category: "topup", fulfilment: "supplier", listPrice: 10_000_000n });
  });
  afterAll(async () => {
    setDatabase(undefined);
    await database.close();
  });

  it("answers 503 retryable in time, keeps nothing of the order, and the retry places it once", async () => {
    const reseller = await resellerWithBalance(database.db, 50_000_000n);
    const { key } = await createApiKey(database.db, { userId: reseller.id, name: "deadline" });
    const send = () =>
      v2Order(
        new Request("http://localhost/api/v2/order", {
          method: "POST",
          headers: { "X-API-Key": key, "Idempotency-Key": "deadline-1", "Content-Type": "application/json" },
          body: JSON.stringify(ORDER),
        }),
        { params: Promise.resolve({}) },
      );
    // The order's transaction has claimed its key when its product lookup stalls for 3 s.
    const lookUp = vi.mocked(findProduct).getMockImplementation()!;
    let stalled!: Promise<unknown>;
    vi.mocked(findProduct).mockImplementationOnce(async (db, sku) => {
      stalled = delay(3_000);
      await stalled;
      return lookUp(db, sku);
    });

    const started = Date.now();
    const answer = await send();
    const elapsed = Date.now() - started;
    const body = await answer.json();
    expect({ status: answer.status, code: body.error?.code, retryable: body.error?.retryable }).toEqual({
      status: 503,
      code: "service_unavailable",
      retryable: true,
    });
    expect(answer.headers.get("X-Request-Id")).toBe(body.error.request_id);
    expect(elapsed).toBeLessThan(2_500);

    // Once the stalled statement is over, the transaction sends nothing more and rolls back.
    await stalled;
    await delay(200);
    const [account] = await database.db.select({ balance: users.balance }).from(users).where(eq(users.id, reseller.id));
    expect(account.balance).toBe(50_000_000n);
    expect(await database.db.select().from(orders).where(eq(orders.userId, reseller.id))).toEqual([]);
    expect(
      await database.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.userId, reseller.id), eq(ledgerEntries.type, "order"))),
    ).toEqual([]);
    expect(await database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, reseller.id))).toEqual([]);
    if (testDriver() === "postgres") {
      const open = await executeRows(
        database.db,
        sql`select pid from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
      );
      expect(open).toEqual([]);
    }

    const retried = await send();
    expect(retried.status).toBe(201);
    expect(retried.headers.get("Idempotent-Replayed")).toBeNull();
    const [after] = await database.db.select({ balance: users.balance }).from(users).where(eq(users.id, reseller.id));
    expect(after.balance).toBe(40_000_000n);
  });
});
