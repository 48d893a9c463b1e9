import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "@/lib/db/client";
import { stockCodes } from "@/lib/db/schema";
import { explainAnalyzed, pagesOfNode, type PlanMode } from "@/lib/db/explain-pages";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { testProduct } from "@/lib/orders/testing/helpers";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { listProducts, productsWithCappedStock } from "./list-products";
import { isLowStock } from "./low-stock";
import { stockCountText } from "./stock-count";

/**
 * The admin's product list counted every free code of every product on each view: 9 ms for 50,000
 * codes, 135 ms for a million, and on. It counts each product's only up to its cap now.
 */
describe(`the admin product list's stock counts (${testDriver()})`, () => {
  let database: Database;
  let db: Db;

  async function stocked(sku: string, free: number, sold = 0, lowStockThreshold = 5) {
    await testProduct(db, { sku, category: "giftcard", fulfilment: "stock", listPrice: 1_000_000n });
    await db.execute(sql`update products set low_stock_threshold = ${lowStockThreshold} where sku = ${sku}`);
    await db.execute(sql`
      insert into ${stockCodes} (sku, code_encrypted, code_hash, order_id)
      select ${sku}, 'enc', ${sku} || n, case when n <= ${sold} then 'ord_SOLD' || n end
      from generate_series(1, ${free + sold}) as n`);
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await ensureTariffs(db);
    await stocked("cap-plenty", 12_000, 3_000);
    await stocked("cap-high-threshold", 15_000, 0, 20_000);
    await stocked("cap-few", 3, 40);
    await testProduct(db, { sku: "cap-supplied", category: "topup", fulfilment: "supplier", listPrice: 1_000_000n });
  }, 120_000);
  afterAll(async () => {
    await database.close();
  });

  it("shows a count as 10,000+ once it reaches the cap, exact below it, and low stock as before", async () => {
    const { data } = await listProducts(db, { q: "cap-", includeDisabled: true, capStockCounts: true, limit: 100 });
    const shown = Object.fromEntries(
      data.map(({ product, stock }) => [product.sku, stock === null ? null : { stock: stockCountText(product, stock), low: isLowStock(product, stock) }]),
    );
    // Counting stopped at the cap: the 2,000 codes past it were never read.
    expect(data.find((row) => row.product.sku === "cap-plenty")?.stock).toBe(10_000);
    expect(shown).toEqual({
      "cap-few": { stock: "3", low: true },
      "cap-high-threshold": { stock: "15000", low: true },
      "cap-plenty": { stock: "10,000+", low: false },
      "cap-supplied": null,
    });
  });

  it("pages the same products as the exact count does", async () => {
    const capped = await listProducts(db, { includeDisabled: true, capStockCounts: true, limit: 2 });
    const exact = await listProducts(db, { includeDisabled: true, limit: 2 });
    expect(capped.data.map((row) => row.product.sku)).toEqual(exact.data.map((row) => row.product.sku));
    expect(capped.nextCursor).toBe(exact.nextCursor);
  });

  // The admin landing page asks this of every stock product on each load; most have plenty of codes.
  for (const planMode of ["force_custom_plan", "force_generic_plan"] satisfies PlanMode[]) {
    it(`tells a product is not low on stock from its threshold + 1 codes, not the cap's worth (${planMode})`, async () => {
      const plan = await explainAnalyzed(db, productsWithCappedStock(db, { q: "cap-plenty", lowStock: true }).toSQL(), {}, planMode);
      const pages = pagesOfNode(plan, /^\S/);
      expect(pages, plan).not.toBeNull();
      expect(pages, plan).toBeLessThan(20);
      expect(await listProducts(db, { q: "cap-plenty", lowStock: true })).toEqual({ data: [], nextCursor: null });
    });
  }
});
