import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { products, suppliers, supplierAttempts } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { newId } from "@/lib/ids/ids";
import { placeOrder } from "@/lib/orders/place-order";
import { resellerWithBalance, testProduct } from "@/lib/orders/testing/helpers";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { addOffer, createSupplier } from "./manage-suppliers";
import { offersOfProduct, setSellAtLossAllowed, updateOffer } from "./product-offers";
import { browseSupplierCatalog, listSupplierStates, lowBalanceSuppliers, offersOfSupplier, supplierStateOf, updateSupplierSettings } from "./supplier-state";
import { startFakeUpstream, type FakeUpstream } from "./suppliers/testing/fake-upstream";

/** What the admin's supplier pages show: each supplier's offers, orders in flight, balance against its alert. */
describe(`supplier state for the admin (${testDriver()})`, () => {
  let database: Database;
  let upstream: FakeUpstream;
  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureTariffs(database.db);
    upstream = await startFakeUpstream();
  });
  afterAll(async () => {
    await upstream.close();
    await database.close();
  });

  it("counts offers and the orders still being bought, and flags a balance under the alert at the supplier's rate", async () => {
    const euros = await createSupplier(database.db, { kind: "reseller-api", name: "Euro wholesaler", baseUrl: upstream.url, credentials: upstream.apiKey });
    const quiet = await createSupplier(database.db, { kind: "reseller-api", name: "Quiet wholesaler", baseUrl: upstream.url, credentials: upstream.apiKey });
    const product = await testProduct(
      database.db,
      { sku: "state-card", category: "giftcard", fulfilment: "supplier", listPrice: 10_000_000n },
      { offers: false },
    );
    const offer = await addOffer(database.db, { sku: product.sku, supplierId: euros.id, upstreamProductId: "card", cost: 9_000_000n });
    const buyer = await resellerWithBalance(database.db, 50_000_000n);
    const { order } = await placeOrder(database.db, { user: buyer, sku: product.sku, quantity: 1, fields: {}, source: "api" });
    await database.db
      .insert(supplierAttempts)
      .values({ id: newId("sat"), orderId: order.id, offerId: offer.id, supplierId: euros.id, cost: 9_000_000n, status: "unknown" });

    // 90 euros at 1.08 is 97.20 dollars: under a 100.00 alert; at 1.12 it is 100.80, over it.
    const settings = await updateSupplierSettings(database.db, euros.id, { lowBalanceThreshold: "100", usdRate: "1.08", maxInFlight: "4" });
    expect(settings).toMatchObject({ lowBalanceThreshold: 100_000_000n, usdRate: 1_080_000n, maxInFlight: 4 });
    await database.db
      .update(suppliers)
      .set({ lastBalance: 90_000_000n, lastBalanceCurrency: "EUR", balanceCheckedAt: new Date() })
      .where(eq(suppliers.id, euros.id));

    const states = await listSupplierStates(database.db);
    expect(states.find((state) => state.supplier.id === euros.id)).toMatchObject({ offers: 1, inFlight: 1, lowBalance: true });
    expect(states.find((state) => state.supplier.id === quiet.id)).toMatchObject({ offers: 0, inFlight: 0, lowBalance: false });
    expect((await lowBalanceSuppliers(database.db)).map((supplier) => supplier.id)).toEqual([euros.id]);
    expect((await offersOfSupplier(database.db, euros.id)).map(({ offer: o, listPrice }) => ({ sku: o.sku, listPrice }))).toEqual([
      { sku: "state-card", listPrice: 10_000_000n },
    ]);

    await updateSupplierSettings(database.db, euros.id, { lowBalanceThreshold: "100", usdRate: "1.12", maxInFlight: "4" });
    expect(await lowBalanceSuppliers(database.db)).toEqual([]);
    // No threshold, no alert; a disabled supplier raises none either.
    await updateSupplierSettings(database.db, euros.id, { lowBalanceThreshold: "", usdRate: "1.08", maxInFlight: "4" });
    expect((await supplierStateOf(database.db, euros.id)).lowBalance).toBe(false);
  });

  it("refuses settings it cannot take, and a supplier that does not exist", async () => {
    const supplier = await createSupplier(database.db, { kind: "reseller-api", name: "Strict", baseUrl: upstream.url, credentials: upstream.apiKey });
    await expect(updateSupplierSettings(database.db, supplier.id, { lowBalanceThreshold: "-5", usdRate: "1", maxInFlight: "4" })).rejects.toThrow(
      /Enter an amount in dollars/,
    );
    await expect(updateSupplierSettings(database.db, supplier.id, { lowBalanceThreshold: "", usdRate: "0", maxInFlight: "4" })).rejects.toThrow(
      /Enter the dollars one unit/,
    );
    await expect(updateSupplierSettings(database.db, supplier.id, { lowBalanceThreshold: "", usdRate: "1", maxInFlight: "0" })).rejects.toThrow(
      /Use at least 1/,
    );
    await expect(supplierStateOf(database.db, "sup_nothing")).rejects.toMatchObject({ code: "not_found" });
    await expect(supplierStateOf(database.db, "not-an-id")).rejects.toMatchObject({ code: "not_found" });
  });

  it("browses one page of the upstream's catalog, or says why it cannot", async () => {
    const supplier = await createSupplier(database.db, { kind: "reseller-api", name: "Browsed", baseUrl: upstream.url, credentials: upstream.apiKey });
    upstream.catalog = [
      { sku: "a-card", category: "giftcard", name: "A", group: "Cards", price: "1.00", inStock: true },
      { sku: "b-card", category: "giftcard", name: "B", group: "Cards", price: "2.00", inStock: true },
      { sku: "c-card", category: "giftcard", name: "C", group: "Cards", price: "3.00", inStock: false },
    ];
    const overrides = { allowPrivate: true, timeoutMs: 3_000 };
    const first = await browseSupplierCatalog(database.db, supplier.id, { category: "giftcard" }, overrides);
    expect(first.page).toMatchObject({ ok: true, nextCursor: "b-card", products: [{ id: "a-card" }, { id: "b-card" }] });
    const second = await browseSupplierCatalog(database.db, supplier.id, { category: "giftcard", cursor: "b-card" }, overrides);
    expect(second.page).toMatchObject({ ok: true, nextCursor: null, products: [{ id: "c-card", available: false }] });
    upstream.catalog = null;
    expect((await browseSupplierCatalog(database.db, supplier.id, {}, overrides)).page).toEqual({ ok: false, reason: "HTTP 404 not_found: No such path." });
  });
});

describe(`a product's offers for the admin (${testDriver()})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureTariffs(database.db);
  });
  afterAll(async () => {
    await database.close();
  });

  it("lists them in routing order, edits cost, priority and enabled, and switches selling at a loss", async () => {
    const product = await testProduct(
      database.db,
      { sku: "offers-card", category: "giftcard", fulfilment: "supplier", listPrice: 10_000_000n },
      { offers: false },
    );
    const one = await createSupplier(database.db, { kind: "sandbox", name: "One" });
    const two = await createSupplier(database.db, { kind: "sandbox", name: "Two" });
    const dear = await addOffer(database.db, { sku: product.sku, supplierId: one.id, upstreamProductId: "x", cost: 9_900_000n });
    const cheap = await addOffer(database.db, { sku: product.sku, supplierId: two.id, upstreamProductId: "y", cost: 9_000_000n });
    expect((await offersOfProduct(database.db, product.sku)).map(({ offer, supplierName }) => [supplierName, offer.cost])).toEqual([
      ["Two", 9_000_000n],
      ["One", 9_900_000n],
    ]);
    await updateOffer(database.db, cheap.id, { cost: "9.20", priority: "1", enabled: false });
    expect((await offersOfProduct(database.db, product.sku)).map(({ offer }) => [offer.id, offer.cost, offer.priority, offer.enabled])).toEqual([
      [dear.id, 9_900_000n, 0, true],
      [cheap.id, 9_200_000n, 1, false],
    ]);
    await expect(updateOffer(database.db, cheap.id, { cost: "-1", priority: "0", enabled: true })).rejects.toThrow(/Enter the cost per unit/);
    await expect(updateOffer(database.db, "ofr_missing", { cost: "1", priority: "0", enabled: true })).rejects.toMatchObject({ code: "not_found" });
    await setSellAtLossAllowed(database.db, product.sku, true);
    const [saved] = await database.db.select({ allowed: products.sellAtLossAllowed }).from(products).where(eq(products.sku, product.sku));
    expect(saved.allowed).toBe(true);
    await expect(setSellAtLossAllowed(database.db, "no-such-sku", true)).rejects.toMatchObject({ code: "not_found" });
  });
});
