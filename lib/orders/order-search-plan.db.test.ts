import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resellerIdsByEmail } from "@/lib/accounts/list-resellers";
import type { Database, Db } from "@/lib/db/client";
import { orders, users } from "@/lib/db/schema";
import { explainAnalyzed, pagesOfNode, type PlanMode } from "@/lib/db/explain-pages";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { listOrdersForAdmin, orderPageQuery } from "./list-orders";
import { resellerWithBalance } from "./testing/helpers";

const ORDERS = 20_000;
const RESELLERS = 1_000;

/**
 * An admin looks up the order a reseller names by its reference, or a reseller's orders by part of
 * their email, among every reseller's orders. The list's statements are prepared, so after a few runs
 * Postgres may plan one for any value; that plan must still read an index that narrows to them, not
 * walk every order backwards by id to fill the page.
 */
describe(`the admin's search for an order by reference or email (${testDriver()})`, () => {
  let database: Database;
  let db: Db;
  let rareEmail: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await ensureTariffs(db);
    // Many resellers, as in production, so the planner expects one reseller's orders to be few.
    await db.execute(sql`
      insert into ${users} (id, account_id, email, name, password_hash)
      select 'usr_' || lpad(n::text, 26, '0'), 'usr_' || lpad(n::text, 26, '0'), 'shop-' || n || '@plan.test', 'Shop ' || n, 'unused'
      from generate_series(1, ${RESELLERS}) as n`);
    // Old orders first: the one searched for is the oldest, so a walk by id reads every other before it.
    await db.execute(sql`
      insert into ${orders} (id, user_id, sku, product_name, type, status, quantity, unit_price, total, reference, source)
      select 'ord_' || lpad(n::text, 26, '0'), 'usr_' || lpad((1 + n % ${RESELLERS})::text, 26, '0'), 'svc', 'Service', 'manual', 'completed', 1, 1000000, 1000000,
        case when n % 2 = 0 then null else 'Shop-' || n end, 'api'
      from generate_series(1, ${ORDERS}) as n`);
    // One more reseller, whose only order is older than all of those.
    const rare = await resellerWithBalance(db, 0n);
    rareEmail = rare.email;
    await db.execute(sql`
      insert into ${orders} (id, user_id, sku, product_name, type, status, quantity, unit_price, total, source)
      values ('ord_' || lpad('0', 26, '0'), ${rare.id}, 'svc', 'Service', 'manual', 'completed', 1, 1000000, 1000000, 'api')`);
    await db.execute(sql`analyze ${orders}`);
    await db.execute(sql`analyze ${users}`);
  }, 120_000);
  afterAll(async () => {
    await database.close();
  });

  for (const planMode of ["force_custom_plan", "force_generic_plan"] satisfies PlanMode[]) {
    for (const [what, search] of [
      ["a reference", "shop-1"],
      ["an order id", `ord_${"1".padStart(26, "0")}`],
    ]) {
      it(`reads a few pages for ${what}, not every order (${planMode})`, async () => {
        const plan = await explainAnalyzed(db, orderPageQuery(db, { search, limit: 25 }).toSQL(), {}, planMode);
        const pages = pagesOfNode(plan, /^\S/);
        expect(pages, plan).not.toBeNull();
        expect(pages, plan).toBeLessThan(50);
      });
    }
  }

  // The email is looked up first (listOrders); the orders are then read by the resellers' ids.
  for (const planMode of ["force_custom_plan", "force_generic_plan"] satisfies PlanMode[]) {
    it(`reads a few pages for part of a reseller's email, not every order (${planMode})`, async () => {
      const userIds = (await resellerIdsByEmail(db, rareEmail.slice(0, 12), 100))!;
      const plan = await explainAnalyzed(db, orderPageQuery(db, { userIds, limit: 25 }).toSQL(), {}, planMode);
      const pages = pagesOfNode(plan, /^\S/);
      expect(pages, plan).not.toBeNull();
      expect(pages, plan).toBeLessThan(50);
    });
  }

  it("finds the order of part of its reseller's email", async () => {
    const found = await listOrdersForAdmin(db, { email: rareEmail.slice(0, 12).toUpperCase(), limit: 25 });
    expect(found.data.map((order) => order.id)).toEqual([`ord_${"0".padStart(26, "0")}`]);
  });

  it("leaves no order out for part of an email that more resellers share than are read by id", async () => {
    const everyOrder = await listOrdersForAdmin(db, { limit: 25 });
    const filtered = await listOrdersForAdmin(db, { email: "@PLAN.test", limit: 25 });
    expect(filtered.data.map((order) => order.id)).toEqual(everyOrder.data.map((order) => order.id));
    const next = await listOrdersForAdmin(db, { email: "@plan.test", limit: 25, cursor: filtered.nextCursor! });
    expect(next.data).toHaveLength(25);
  });

  it("finds the order of that reference, in any case", async () => {
    const found = await orderPageQuery(db, { search: "SHOP-1", limit: 25 });
    expect(found.map((order) => order.reference)).toEqual(["Shop-1"]);
  });
});
