import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct, updateProduct } from "@/lib/catalog/manage-products";
import { loadConfig } from "@/lib/config/env";
import type { Database } from "@/lib/db/client";
import { offers, suppliers } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { fulfilOrder } from "@/lib/orders/fulfil-order";
import { placeOrder } from "@/lib/orders/place-order";
import { resellerWithBalance } from "@/lib/orders/testing/helpers";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { attachDemoOffer } from "./manage-suppliers";

process.env.SUPPLIER_DELAY ??= "0";

/** The embedded mode is the demo: a supplier product an admin makes there is delivered by the sandbox, as the seeded ones are. */
describe(`the demo's supplier products (${testDriver()})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureTariffs(database.db);
  });
  afterAll(async () => {
    await database.close();
  });

  const product = (sku: string, fulfilment: "supplier" | "stock") => ({
    sku,
    category: "topup" as const,
    name: sku,
    group: "Demo",
    region: "GLOBAL",
    listPrice: "2.00",
    fields: [{ name: "player_id", label: "Player", required: true }],
    minQuantity: 1,
    maxQuantity: 5,
    fulfilment,
    enabled: true,
    lowStockThreshold: 0,
  });
  const offersOf = (sku: string) =>
    database.db
      .select({ kind: suppliers.kind, cost: offers.cost })
      .from(offers)
      .innerJoin(suppliers, eq(suppliers.id, offers.supplierId))
      .where(eq(offers.sku, sku));

  it("a supplier product an admin creates, or switches to supplier fulfilment, buys from the sandbox and its orders complete", async () => {
    await createProduct(database.db, product("tu-admin-made", "supplier"));
    expect(await offersOf("tu-admin-made")).toEqual([{ kind: "sandbox", cost: 1_800_000n }]);
    const user = await resellerWithBalance(database.db, 5_000_000n);
    const { order } = await placeOrder(database.db, { user, sku: "tu-admin-made", quantity: 1, fields: { player_id: "123456" }, source: "panel" });
    expect((await fulfilOrder(database.db, order.id))!.status).toBe("completed");

    await createProduct(database.db, product("tu-switched", "stock"));
    expect(await offersOf("tu-switched")).toEqual([]);
    const { sku: _sku, ...edited } = product("tu-switched", "supplier");
    await updateProduct(database.db, "tu-switched", edited);
    expect(await offersOf("tu-switched")).toHaveLength(1);
  });

  it("on Postgres (DATABASE_URL set) a new supplier product waits for a real supplier's offer", async () => {
    await createProduct(database.db, product("tu-prod-made", "stock"));
    const production = loadConfig({ ...process.env, DATABASE_URL: "postgres://db.example/shop" });
    await attachDemoOffer(database.db, { sku: "tu-prod-made", fulfilment: "supplier" }, production);
    expect(await offersOf("tu-prod-made")).toEqual([]);
  });
});
