import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "@/lib/db/client";
import { orders } from "@/lib/db/schema";
import { explainAnalyzed, pagesOfNode, type PlanMode } from "@/lib/db/explain-pages";
import { createTestDatabase, testDriver } from "@/lib/db/test-database";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { orderPageQuery } from "./list-orders";
import { resellerWithBalance } from "./test-helpers";

const ORDERS = 20_000;

/**
 * An admin looks up the order a reseller names by its reference, among every reseller's orders. The
 * list's statements are prepared, so after a few runs Postgres may plan one for any value; that plan
 * must still read the reference's index, not walk every order backwards by id to fill the page.
 */
describe(`the admin's search for an order by reference (${testDriver()})`, () => {
  let database: Database;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await ensureTariffs(db);
    const user = await resellerWithBalance(db, 0n);
    // Old orders first: the one searched for is the oldest, so a walk by id reads every other before it.
    await db.execute(sql`
      insert into ${orders} (id, user_id, sku, product_name, type, status, quantity, unit_price, total, reference, source)
      select 'ord_' || lpad(n::text, 26, '0'), ${user.id}, 'svc', 'Service', 'manual', 'completed', 1, 1000000, 1000000,
        case when n % 2 = 0 then null else 'Shop-' || n end, 'api'
      from generate_series(1, ${ORDERS}) as n`);
    await db.execute(sql`analyze ${orders}`);
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

  it("finds the order of that reference, in any case", async () => {
    const found = await orderPageQuery(db, { search: "SHOP-1", limit: 25 });
    expect(found.map((order) => order.reference)).toEqual(["Shop-1"]);
  });
});
