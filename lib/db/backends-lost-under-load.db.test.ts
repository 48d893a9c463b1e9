import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { placeOrder } from "@/lib/orders/place-order";
import { resellerWithBalance, testProduct } from "@/lib/orders/testing/helpers";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { openDatabase, setDatabase, type Database } from "./client";
import { executeRows } from "./rows";
import { createTestDatabase, testDriver } from "./testing/test-database";

/*
 * Backends terminated again and again while 20 orders are in flight (a failover, an operator's
 * pg_terminate_backend). An order's request hung for good in 3 of 9 such runs: its backend sat
 * `active` in ClientRead in the middle of `insert into "idempotency_keys"`, waiting for the rest of a
 * statement the driver never sent, and the request held its pool connection for as long as the
 * process lived.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const APPLICATION = "backends-lost-under-load";
/** Far longer than any order takes here, even one retried after its backend died. */
const SETTLE_MS = 10_000;
/** What a statement whose backend died is refused with: the socket's error, postgres.js' own, or the backend's last word. */
const CONNECTION_LOST = ["ECONNRESET", "EPIPE", "CONNECTION_CLOSED", "CONNECTION_DESTROYED", "57P01"];

describe.runIf(testDriver() === "postgres")("orders while their backends are terminated, on Postgres", () => {
  let database: Database;
  let pool: Database;
  let admin: postgres.Sql;

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = postgres(database.url!, { max: 1, onnotice: () => {} });
    await ensureTariffs(database.db);
    await testProduct(database.db, { sku: "blip-topup", category: "topup", fulfilment: "supplier", listPrice: 1_000_000n });
    const url = new URL(database.url!);
    url.searchParams.set("application_name", APPLICATION);
    // The app's pool: ten connections shared by twenty orders at a time.
    pool = openDatabase({ url: url.toString(), maxConnections: 10 });
    setDatabase(pool);
  });
  afterAll(async () => {
    setDatabase(undefined);
    await pool?.close();
    await admin?.end();
    await database?.close();
  });

  const poolBackends = () =>
    admin<{ pid: number; state: string | null; wait_event: string | null; query: string }[]>`
      select pid, state, wait_event, query from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and application_name = ${APPLICATION}`;

  it("settles every order, keeps the pool usable and leaves no order half-made", async () => {
    const buyers = await Promise.all(Array.from({ length: 20 }, () => resellerWithBalance(database.db, 1_000_000_000n)));
    let running = true;
    const hung: string[] = [];
    const outcomes = { placed: 0, refused: 0 };
    const refusals = new Set<string>();
    let sequence = 0;

    async function orderLoop(buyer: (typeof buyers)[number]) {
      while (running) {
        const key = `blip-${sequence++}`;
        const placed = placeOrder(pool.db, { user: buyer, sku: "blip-topup", quantity: 1, fields: {}, idempotencyKey: key, source: "api" }).then(
          () => "placed" as const,
          (error: unknown) => {
            refusals.add(String((error as { code?: unknown }).code));
            return "refused" as const;
          },
        );
        const outcome = await Promise.race([placed, sleep(SETTLE_MS).then(() => "hung" as const)]);
        if (outcome === "hung") {
          hung.push(key);
          return;
        }
        outcomes[outcome] += 1;
      }
    }

    const loops = buyers.map(orderLoop);
    for (let i = 0; i < 20; i++) {
      await sleep(150 + (i % 4) * 60);
      await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = ${APPLICATION}`;
    }
    await sleep(1_000);
    running = false;
    await Promise.all(loops);

    expect(hung).toEqual([]);
    expect(outcomes.placed).toBeGreaterThan(20);
    expect(outcomes.refused).toBeGreaterThan(0);
    // Only the loss itself refuses an order: an answer the API gives as retryable.
    expect([...refusals].filter((code) => !CONNECTION_LOST.includes(code))).toEqual([]);
    // The pool answers again, and no backend is left waiting for the rest of a statement.
    expect(await executeRows<{ n: number }>(pool.db, sql`select 1::int as n`)).toEqual([{ n: 1 }]);
    expect((await poolBackends()).filter((backend) => backend.wait_event === "ClientRead" && backend.state === "active")).toEqual([]);

    // Money held: every charge has its order and its job, and every balance is its ledger's sum.
    const unbalanced = await executeRows(
      database.db,
      sql`select u.id from users u left join ledger_entries l on l.user_id = u.id
          group by u.id, u.balance having u.balance <> coalesce(sum(l.amount), 0)`,
    );
    expect(unbalanced).toEqual([]);
    const halfMade = await executeRows(
      database.db,
      sql`select o.id from orders o
          where not exists (select 1 from ledger_entries l where l.order_id = o.id)
             or not exists (select 1 from jobs j where j.dedupe_key = 'order.fulfil:' || o.id)
          union all
          select l.order_id from ledger_entries l where l.type = 'order' and not exists (select 1 from orders o where o.id = l.order_id)`,
    );
    expect(halfMade).toEqual([]);
    const [{ keys }] = await executeRows<{ keys: number }>(database.db, sql`select count(*)::int as keys from idempotency_keys`);
    const [{ placed }] = await executeRows<{ placed: number }>(database.db, sql`select count(*)::int as placed from orders`);
    expect(keys).toBe(placed);
    expect(placed).toBeGreaterThanOrEqual(outcomes.placed);
  }, 90_000);
});
