import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { products } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { testProduct } from "@/lib/orders/testing/helpers";
import { lowStockProducts } from "./low-stock";
import { addStockCodes } from "./stock";

describe(`the products on sale that run low (${testDriver()})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const stocked = async (sku: string, codes: number, threshold: number, enabled = true) => {
    await testProduct(database.db, { sku, category: "giftcard", fulfilment: "stock", listPrice: 1_000_000n });
    await database.db.update(products).set({ lowStockThreshold: threshold, enabled }).where(eq(products.sku, sku));
    if (codes > 0)
      await addStockCodes(
        database.db,
        sku,
        Array.from({ length: codes }, (_, i) => ({ code: `${sku.toUpperCase()}-${i}`, pin: null, serial: null })),
      );
  };

  it("are the enabled stock products at or below their threshold, in sku order", async () => {
    await stocked("gc-low-b", 2, 2);
    await stocked("gc-low-a", 0, 5);
    await stocked("gc-plenty", 6, 5);
    await stocked("gc-low-disabled", 0, 5, false);
    await testProduct(database.db, { sku: "tu-supplier", category: "topup", fulfilment: "supplier", listPrice: 1_000_000n });
    expect((await lowStockProducts(database.db)).map((product) => product.sku)).toEqual(["gc-low-a", "gc-low-b"]);
  });
});
