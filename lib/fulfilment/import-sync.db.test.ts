import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { offers, priceChanges, products, suppliers, users } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { fulfilOrder } from "@/lib/orders/fulfil-order";
import { placeOrder } from "@/lib/orders/place-order";
import { resellerWithBalance } from "@/lib/orders/testing/helpers";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { setProductEnabled } from "@/lib/catalog/manage-products";
import { importUpstreamProducts } from "./import-products";
import { addOffer, createSupplier } from "./manage-suppliers";
import type { RoutingOptions } from "./route-order";
import { syncAllSuppliers, syncSupplier } from "./sync-supplier";
import { startFakeUpstream, type FakeCatalogItem, type FakeUpstream } from "./suppliers/testing/fake-upstream";

process.env.SUPPLIER_DELAY ??= "0";

const connector = { allowPrivate: true, timeoutMs: 3_000 };
const routing: RoutingOptions = { connector };

/**
 * Import and sync against a local upstream serving this product's catalog (/api/v2/catalog, paged two at
 * a time): products priced by the margin rule, costs and availability kept in step, a cost risen above the
 * price pausing the product (or repricing it by its rule), each change logged once.
 */
describe(`catalog import and sync (${testDriver()})`, () => {
  let database: Database;
  let upstream: FakeUpstream;
  let supplierId = "";
  const item = (sku: string, price: string, extra: Partial<FakeCatalogItem> = {}): FakeCatalogItem => ({
    sku,
    category: "giftcard",
    name: `Card ${sku}`,
    group: "Cards",
    price,
    inStock: true,
    ...extra,
  });

  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureTariffs(database.db);
    upstream = await startFakeUpstream();
  });
  afterAll(async () => {
    await upstream.close();
    await database.close();
  });
  beforeEach(async () => {
    upstream.catalog = [
      item("card-a", "9.70"),
      item("card-b", "20.00"),
      item("card-c", "5.00", { inStock: false }),
      item("topup-d", "4.90", { category: "topup", group: "Game", fields: [{ name: "player_id", label: "UID", required: true, pattern: "^[0-9]{6,12}$" }] }),
    ];
    const supplier = await createSupplier(database.db, {
      kind: "reseller-api",
      name: `Wholesaler ${Math.random().toString(36).slice(2, 6)}`,
      baseUrl: upstream.url,
      credentials: upstream.apiKey,
    });
    supplierId = supplier.id;
  });

  const productOf = async (sku: string) => (await database.db.select().from(products).where(eq(products.sku, sku)))[0];
  const offerOf = async (sku: string) => (await database.db.select().from(offers).where(eq(offers.sku, sku)))[0];
  const logOf = async (sku: string) =>
    (await database.db.select().from(priceChanges).where(eq(priceChanges.sku, sku)).orderBy(asc(priceChanges.createdAt), asc(priceChanges.id))).map(
      ({ action, oldCost, newCost, oldPrice, newPrice }) => ({
        action,
        oldCost,
        newCost,
        oldPrice,
        newPrice,
      }),
    );
  const setUpstreamPrice = (sku: string, price: string) => {
    upstream.catalog = upstream.catalog!.map((entry) => (entry.sku === sku ? { ...entry, price } : entry));
  };

  it("imports a category with a 5% margin, over every page: prices rounded up to the cent, offers at cost; again, nothing more", async () => {
    const result = await importUpstreamProducts(database.db, supplierId, { category: "giftcard", margin: "5%" }, connector);
    expect(result.created.map(({ name, price, cost }) => ({ name, price, cost }))).toEqual([
      { name: "Card card-a", price: 10_190_000n, cost: 9_700_000n },
      { name: "Card card-b", price: 21_000_000n, cost: 20_000_000n },
    ]);
    expect(result.skipped).toEqual([{ upstreamId: "card-c", name: "Card card-c", reason: "Not sold by the supplier now." }]);
    const [a] = result.created;
    expect(a.sku).toMatch(/^wholesaler-[a-z0-9]{1,4}-card-a$/);
    expect(await productOf(a.sku)).toMatchObject({
      category: "giftcard",
      group: "Cards",
      fulfilment: "supplier",
      enabled: true,
      listPrice: 10_190_000n,
      marginKind: "percent",
      marginValue: 500n,
      priceStep: 10_000n,
      priceFollowsCost: false,
    });
    expect(await offerOf(a.sku)).toMatchObject({ supplierId, upstreamProductId: "card-a", cost: 9_700_000n, upstreamName: "Card card-a", available: true });

    const again = await importUpstreamProducts(database.db, supplierId, { category: "giftcard", margin: "5%" }, connector);
    expect(again.created).toEqual([]);
    expect(again.skipped.map((skip) => skip.reason)).toEqual([
      `Already imported as ${a.sku}.`,
      `Already imported as ${result.created[1].sku}.`,
      "Not sold by the supplier now.",
    ]);
  });

  it("imports picked products with their required fields, and says why the others were not", async () => {
    const result = await importUpstreamProducts(
      database.db,
      supplierId,
      { upstreamIds: ["topup-d", "card-c", "no-such"], margin: "0.50", step: "0.05" },
      connector,
    );
    expect(result.created).toEqual([
      { sku: expect.stringMatching(/-topup-d$/), name: "Card topup-d", upstreamId: "topup-d", price: 5_400_000n, cost: 4_900_000n },
    ]);
    expect(result.skipped).toEqual([
      { upstreamId: "no-such", name: "no-such", reason: "Not in the supplier's catalog." },
      { upstreamId: "card-c", name: "Card card-c", reason: "Not sold by the supplier now." },
    ]);
    expect((await productOf(result.created[0].sku)).fields).toEqual([{ name: "player_id", label: "UID", required: true, pattern: "^[0-9]{6,12}$" }]);
    await expect(importUpstreamProducts(database.db, supplierId, { margin: "5%" }, connector)).rejects.toThrow(/Pick products, or name the category/);
    await expect(importUpstreamProducts(database.db, supplierId, { category: "giftcard", margin: "lots" }, connector)).rejects.toThrow(
      /Give the margin as a percent/,
    );
  });

  it("a cost risen above the price pauses the product, logged, and nothing is sold at a loss; falling back resumes it", async () => {
    const { created } = await importUpstreamProducts(database.db, supplierId, { upstreamIds: ["card-a"], margin: "5%" }, connector);
    const sku = created[0].sku;
    setUpstreamPrice("card-a", "10.50");
    const synced = await syncSupplier(database.db, supplierId, connector);
    expect(synced).toMatchObject({ ok: true, complete: true });
    // A sync reads the balance there as well, for the low-balance alert.
    const [read] = await database.db.select().from(suppliers).where(eq(suppliers.id, supplierId));
    expect(read).toMatchObject({ lastBalance: 1_234_500_000n, lastBalanceCurrency: "USD", lastSyncedAt: expect.any(Date) });
    expect(await productOf(sku)).toMatchObject({ enabled: false, costPausedAt: expect.any(Date), listPrice: 10_190_000n });
    expect(await logOf(sku)).toEqual([
      { action: "cost", oldCost: 9_700_000n, newCost: 10_500_000n, oldPrice: null, newPrice: null },
      { action: "paused", oldCost: null, newCost: 10_500_000n, oldPrice: 10_190_000n, newPrice: 10_190_000n },
    ]);

    const buyer = await resellerWithBalance(database.db, 50_000_000n);
    await expect(placeOrder(database.db, { user: buyer, sku, quantity: 1, fields: {}, source: "api" })).rejects.toMatchObject({ code: "product_unavailable" });
    const [after] = await database.db.select({ balance: users.balance }).from(users).where(eq(users.id, buyer.id));
    expect(after.balance).toBe(50_000_000n);
    expect(upstream.orders.filter((bought) => bought.reference.startsWith("sat_"))).toHaveLength(0);

    setUpstreamPrice("card-a", "9.00");
    await syncSupplier(database.db, supplierId, connector);
    expect(await productOf(sku)).toMatchObject({ enabled: true, costPausedAt: null });
    expect((await logOf(sku)).slice(2)).toEqual([
      { action: "cost", oldCost: 10_500_000n, newCost: 9_000_000n, oldPrice: null, newPrice: null },
      { action: "resumed", oldCost: null, newCost: 9_000_000n, oldPrice: 10_190_000n, newPrice: 10_190_000n },
    ]);
    const { order } = await placeOrder(database.db, { user: buyer, sku, quantity: 1, fields: {}, source: "api" });
    expect((await fulfilOrder(database.db, order.id, routing))!.status).toBe("completed");
    expect(upstream.orders.filter((bought) => bought.sku === "card-a")).toHaveLength(1);
  });

  it("a product whose price follows cost is repriced by its rule instead, both ways", async () => {
    const { created } = await importUpstreamProducts(database.db, supplierId, { upstreamIds: ["card-b"], margin: "5%", followCost: true }, connector);
    const sku = created[0].sku;
    setUpstreamPrice("card-b", "25.00");
    await syncSupplier(database.db, supplierId, connector);
    expect(await productOf(sku)).toMatchObject({ enabled: true, listPrice: 26_250_000n });
    setUpstreamPrice("card-b", "18.00");
    await syncSupplier(database.db, supplierId, connector);
    expect(await productOf(sku)).toMatchObject({ enabled: true, listPrice: 18_900_000n });
    expect((await logOf(sku)).filter((line) => line.action === "repriced")).toEqual([
      { action: "repriced", oldCost: null, newCost: 25_000_000n, oldPrice: 21_000_000n, newPrice: 26_250_000n },
      { action: "repriced", oldCost: null, newCost: 18_000_000n, oldPrice: 26_250_000n, newPrice: 18_900_000n },
    ]);
  });

  it("a product an admin switched off is never switched on by a sync", async () => {
    const { created } = await importUpstreamProducts(database.db, supplierId, { upstreamIds: ["card-a"], margin: "5%" }, connector);
    const sku = created[0].sku;
    await setProductEnabled(database.db, sku, false);
    setUpstreamPrice("card-a", "10.50");
    await syncSupplier(database.db, supplierId, connector);
    setUpstreamPrice("card-a", "9.00");
    await syncSupplier(database.db, supplierId, connector);
    expect(await productOf(sku)).toMatchObject({ enabled: false, costPausedAt: null });
    expect((await logOf(sku)).map((line) => line.action)).toEqual(["cost", "cost"]);
  });

  it("an offer the upstream stops selling is skipped by routing: the next offer sells, nothing is asked of the first", async () => {
    const { created } = await importUpstreamProducts(database.db, supplierId, { upstreamIds: ["card-a"], margin: "5%" }, connector);
    const sku = created[0].sku;
    const second = await startFakeUpstream("rk_live_SecondWholesalerKeyForTheSyncTest0");
    try {
      const other = await createSupplier(database.db, { kind: "reseller-api", name: "Second", baseUrl: second.url, credentials: second.apiKey });
      await addOffer(database.db, { sku, supplierId: other.id, upstreamProductId: "card-a-elsewhere", cost: 9_800_000n, priority: 1 });
      upstream.catalog = upstream.catalog!.map((entry) => (entry.sku === "card-a" ? { ...entry, inStock: false } : entry));
      await syncSupplier(database.db, supplierId, connector);
      expect(await offerOf(sku)).toMatchObject({ available: false });
      expect((await logOf(sku)).map((line) => line.action)).toEqual(["unavailable"]);
      expect((await productOf(sku)).enabled).toBe(true);

      const buyer = await resellerWithBalance(database.db, 50_000_000n);
      const boughtBefore = upstream.orders.length;
      const { order } = await placeOrder(database.db, { user: buyer, sku, quantity: 1, fields: {}, source: "api" });
      expect((await fulfilOrder(database.db, order.id, routing))!.status).toBe("completed");
      expect(upstream.orders).toHaveLength(boughtBefore);
      expect(second.orders.map((bought) => bought.sku)).toEqual(["card-a-elsewhere"]);
    } finally {
      await second.close();
    }
  });

  it("two syncs at once write each change once", async () => {
    const { created } = await importUpstreamProducts(database.db, supplierId, { category: "giftcard", margin: "5%" }, connector);
    setUpstreamPrice("card-a", "9.90");
    setUpstreamPrice("card-b", "30.00");
    const results = await Promise.all([syncSupplier(database.db, supplierId, connector), syncSupplier(database.db, supplierId, connector)]);
    expect(results.every((result) => result.ok)).toBe(true);
    expect((await logOf(created[0].sku)).map((line) => line.action)).toEqual(["cost"]);
    expect((await logOf(created[1].sku)).map((line) => line.action)).toEqual(["cost", "paused"]);
  });

  it("a catalog that cannot be read is noted on the supplier and changes nothing; the sweep goes on to the others", async () => {
    const { created } = await importUpstreamProducts(database.db, supplierId, { upstreamIds: ["card-a"], margin: "5%" }, connector);
    upstream.catalog = null;
    expect(await syncSupplier(database.db, supplierId, connector)).toEqual({ ok: false, reason: "HTTP 404 not_found: No such path." });
    const [noted] = await database.db.select().from(suppliers).where(eq(suppliers.id, supplierId));
    expect(noted.lastError).toBe("Catalog sync: HTTP 404 not_found: No such path.");
    expect(await offerOf(created[0].sku)).toMatchObject({ cost: 9_700_000n, available: true });

    // The sweep: a supplier added (or synced) within the interval waits; once due, each supplier of this
    // upstream fails in turn, the first failure stopping none of the others.
    expect(await syncAllSuppliers(database.db, 3_600_000, connector)).toEqual({ synced: 0, failed: 0 });
    const swept = await syncAllSuppliers(database.db, 0, connector);
    expect(swept.synced).toBe(0);
    expect(swept.failed).toBeGreaterThanOrEqual(2);
    const [again] = await database.db
      .select({ lastSyncedAt: suppliers.lastSyncedAt })
      .from(suppliers)
      .where(and(eq(suppliers.id, supplierId)));
    expect(again.lastSyncedAt).toBeNull();
  });
});
