import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { stockCodes } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { executeRows } from "@/lib/db/rows";
import { explainAnalyzed, type PlanMode } from "@/lib/db/explain-pages";
import { claimCodes } from "./stock-delivery";
import { testProduct } from "./testing/helpers";

const SKU = "giftcard-claim-plan";

/**
 * The claim takes the oldest free codes, and the codes sold are the oldest: a plan that walks the
 * codes in id order and skips the sold ones reads every code ever sold of the sku for each order.
 * Postgres picked that plan once the table had been analysed, and an order on a sku with 8,000 codes
 * sold cost 8 ms of Postgres time instead of 0.3 (docs/performance.md, the seventh pass).
 */
describe(`claiming stock codes (${testDriver()})`, () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    await testProduct(database.db, { sku: SKU, category: "giftcard", fulfilment: "stock", listPrice: 10_000_000n });
    await testProduct(database.db, { sku: `${SKU}-other`, category: "giftcard", fulfilment: "stock", listPrice: 5_000_000n });
    const codes = (sku: string, count: number) => sql`
      insert into ${stockCodes} (sku, code_encrypted, code_hash)
      select ${sku}, repeat(md5(n::text), 4), md5(${sku} || n::text) from generate_series(1, ${count}) as n`;
    await database.db.execute(codes(`${SKU}-other`, 2000));
    await database.db.execute(codes(SKU, 30000));
    // The oldest codes are the ones sold, as they are after a sku has sold for a while.
    await database.db.execute(
      sql`update ${stockCodes} set order_id = 'ord_sold', delivered_at = now() where id in (select id from ${stockCodes} where sku = ${SKU} order by id limit 8000)`,
    );
    await database.db.execute(sql`analyze ${stockCodes}`);
  }, 120_000);
  afterAll(async () => {
    await database.close();
  });

  for (const planMode of ["force_custom_plan", "force_generic_plan"] satisfies PlanMode[]) {
    it(`goes straight to the free codes through their index, however many were sold before them (${planMode})`, async () => {
      const plan = await explainAnalyzed(database.db, claimCodes(database.db).getQuery(), { orderId: "ord_new", sku: SKU, quantity: 1 }, planMode);
      expect(plan).toContain("stock_codes_available_idx");
      expect(plan).not.toContain("stock_codes_pkey on stock_codes stock_codes_1");
    });
  }

  it("hands out the oldest free code first", async () => {
    const [oldestFree] = await executeRows<{ id: number }>(
      database.db,
      sql`select id from ${stockCodes} where sku = ${SKU} and order_id is null order by id limit 1`,
    );
    const claimed = await database.db.transaction((tx) => claimCodes(tx).execute({ sku: SKU, quantity: 2, orderId: "ord_fifo" }));
    expect(claimed.map((code) => Number(code.id)).sort((a, b) => a - b)).toEqual([Number(oldestFree.id), Number(oldestFree.id) + 1]);
  });
});
