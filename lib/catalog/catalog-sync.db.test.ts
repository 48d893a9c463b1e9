import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/api-keys/manage-keys";
import type { Database } from "@/lib/db/client";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { placeOrder } from "@/lib/orders/place-order";
import { resellerWithBalance, testAdmin, testProduct } from "@/lib/orders/testing/helpers";
import { startApiServer } from "@/lib/server/testing/api-server";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { setResellerTier, updateTariff } from "@/lib/tariffs/manage-tariffs";
import { setProductEnabled, updateProduct } from "./manage-products";
import type { ProductRecord } from "./serialize";
import { addStockCodes } from "./stock";

process.env.SUPPLIER_DELAY ??= "0";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`syncing the catalog: ETag, 304 and updated_since (${testDriver()})`, () => {
  let database: Database;
  let server: Awaited<ReturnType<typeof startApiServer>>;
  let key: string;
  let resellerId: string;
  let adminId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureTariffs(database.db);
    await testProduct(database.db, { sku: "sync-steady", category: "topup", fulfilment: "supplier", listPrice: 3_000_000n });
    await testProduct(database.db, { sku: "sync-priced", category: "topup", fulfilment: "supplier", listPrice: 5_000_000n });
    await testProduct(database.db, { sku: "sync-stock", category: "giftcard", fulfilment: "stock", listPrice: 2_000_000n });
    await testProduct(database.db, { sku: "sync-removed", category: "giftcard", fulfilment: "stock", listPrice: 7_000_000n });
    await addStockCodes(database.db, "sync-stock", [{ code: "ONLY-ONE", pin: null, serial: null }]);
    await addStockCodes(database.db, "sync-removed", [{ code: "R-1", pin: null, serial: null }]);
    const reseller = await resellerWithBalance(database.db, 100_000_000n);
    resellerId = reseller.id;
    adminId = (await testAdmin(database.db)).id;
    server = await startApiServer(database);
  });
  // A key of its own for each test: each test's reads stay within the catalog's 30 a minute.
  beforeEach(async () => {
    key = (await createApiKey(database.db, { userId: resellerId, name: "sync" })).key;
  });
  afterAll(async () => {
    await server.close();
    await database.close();
  });

  const get = (path: string, headers: Record<string, string> = {}, withKey = key) =>
    fetch(`${server.base}${path}`, { headers: { "X-API-Key": withKey, ...headers } });

  async function changedSince(since: Date, path = "/api/v2/catalog"): Promise<ProductRecord[]> {
    const response = await get(`${path}?updated_since=${since.toISOString()}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: ProductRecord[] };
    return body.data.filter((product) => product.sku.startsWith("sync-"));
  }

  /** A moment strictly between what came before and the change that follows. */
  async function mark(): Promise<Date> {
    await pause(15);
    const at = new Date();
    await pause(15);
    return at;
  }

  async function editPrice(sku: string, listPrice: string) {
    await updateProduct(database.db, sku, {
      category: "topup",
      name: sku,
      group: "Test",
      region: "GLOBAL",
      listPrice,
      fields: [],
      minQuantity: 1,
      maxQuantity: 10,
      fulfilment: "supplier",
      enabled: true,
      lowStockThreshold: 5,
    });
  }

  it("answers 304 with no body to a matching If-None-Match, and a new ETag once a price changes", async () => {
    for (const path of ["/api/v2/catalog", "/api/v2/prices"]) {
      const first = await get(path);
      expect(first.status).toBe(200);
      const tag = first.headers.get("etag")!;
      expect(tag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
      expect(first.headers.get("cache-control")).toBe("private, no-cache");

      const again = await get(path, { "If-None-Match": tag });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe("");
      expect(again.headers.get("etag")).toBe(tag);
      expect(again.headers.get("x-ratelimit-limit")).not.toBeNull();
      // A list of tags, strong or weak, matches as RFC 9110 says; another tag does not.
      expect((await get(path, { "If-None-Match": `"other", ${tag.slice(2)}` })).status).toBe(304);
      expect((await get(path, { "If-None-Match": '"other"' })).status).toBe(200);
    }
    const before = { catalog: (await get("/api/v2/catalog")).headers.get("etag")!, prices: (await get("/api/v2/prices")).headers.get("etag")! };
    await editPrice("sync-priced", "5.50");
    for (const [path, tag] of [
      ["/api/v2/catalog", before.catalog],
      ["/api/v2/prices", before.prices],
    ]) {
      const changed = await get(path, { "If-None-Match": tag });
      expect(changed.status, path).toBe(200);
      expect(changed.headers.get("etag")).not.toBe(tag);
    }
  });

  it("gives each caller the ETag of its own prices: another tier's differ", async () => {
    const gold = await resellerWithBalance(database.db, 0n);
    await setResellerTier(database.db, adminId, gold.id, "Gold");
    const goldKey = (await createApiKey(database.db, { userId: gold.id, name: "gold" })).key;
    const mine = (await get("/api/v2/prices")).headers.get("etag")!;
    const theirs = await get("/api/v2/prices", { "If-None-Match": mine }, goldKey);
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get("etag")).not.toBe(mine);
  });

  it("updated_since returns only the product whose price changed, and names the next sync's time", async () => {
    const since = await mark();
    expect(await changedSince(since)).toEqual([]);
    await editPrice("sync-priced", "6.00");
    const changed = await changedSince(since);
    expect(changed.map((product) => [product.sku, product.price, product.on_sale])).toEqual([["sync-priced", "6.00", true]]);
    expect((await changedSince(since, "/api/v2/prices")).map((price) => price.sku)).toEqual(["sync-priced"]);

    const response = await get("/api/v2/catalog");
    const next = new Date(response.headers.get("x-next-updated-since")!);
    expect(Date.now() - next.getTime()).toBeGreaterThanOrEqual(59_000);
    expect(Date.now() - next.getTime()).toBeLessThan(70_000);
  });

  it("updated_since returns a product that sold out, and again once it is back in stock", async () => {
    const since = await mark();
    await placeOrder(database.db, { user: { id: resellerId }, sku: "sync-stock", quantity: 1, fields: {}, source: "api" });
    const soldOut = await changedSince(since);
    expect(soldOut.map((product) => [product.sku, product.in_stock, product.stock])).toEqual([["sync-stock", false, 0]]);

    const restocked = await mark();
    expect(await changedSince(restocked)).toEqual([]);
    await addStockCodes(database.db, "sync-stock", [{ code: "TWO", pin: null, serial: null }]);
    expect((await changedSince(restocked)).map((product) => [product.sku, product.in_stock, product.stock])).toEqual([["sync-stock", true, 1]]);
  });

  it("a sale that leaves stock does not count as a change; a full read notes what it showed", async () => {
    await addStockCodes(database.db, "sync-stock", [{ code: "THREE", pin: null, serial: null }]);
    // The full read shows it in stock (it was already): nothing to note.
    await get("/api/v2/catalog");
    const since = await mark();
    await placeOrder(database.db, { user: { id: resellerId }, sku: "sync-stock", quantity: 1, fields: {}, source: "api" });
    expect(await changedSince(since)).toEqual([]);
  });

  it("updated_since reports a product taken off sale with on_sale false, which the full catalog no longer lists", async () => {
    const since = await mark();
    await setProductEnabled(database.db, "sync-removed", false);
    expect((await changedSince(since)).map((product) => [product.sku, product.on_sale, product.in_stock])).toEqual([["sync-removed", false, false]]);
    expect((await changedSince(since, "/api/v2/prices")).map((price) => [price.sku, price.on_sale])).toEqual([["sync-removed", false]]);
    const full = (await (await get("/api/v2/catalog?limit=100")).json()) as { data: ProductRecord[] };
    expect(full.data.map((product) => product.sku)).not.toContain("sync-removed");
    expect(full.data.every((product) => product.on_sale)).toBe(true);
  });

  it("a change of the caller's tariff counts as a change of every price", async () => {
    const since = await mark();
    await updateTariff(database.db, adminId, { tier: "Bronze", price: "0", discounts: { topup: "1" } });
    const changed = await changedSince(since);
    expect(changed.map((product) => product.sku)).toEqual(["sync-priced", "sync-steady", "sync-stock"]);
    expect(changed.find((product) => product.sku === "sync-steady")?.price).toBe("2.97");
    // Another tier's tariff is not the caller's: nothing changed for it.
    const later = await mark();
    await updateTariff(database.db, adminId, { tier: "Gold", price: "149", discounts: { topup: "9" } });
    expect(await changedSince(later)).toEqual([]);
  });

  it("a change of the caller's tier counts as a change of every price", async () => {
    const since = await mark();
    await setResellerTier(database.db, adminId, resellerId, "Silver");
    expect((await changedSince(since)).map((product) => product.sku)).toEqual(["sync-priced", "sync-steady", "sync-stock"]);
  });

  it("refuses an updated_since that is not an ISO time", async () => {
    for (const path of ["/api/v2/catalog", "/api/v2/prices"]) {
      const response = await get(`${path}?updated_since=yesterday`);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: "validation_error", details: { issues: [{ path: "query.updated_since" }] } } });
    }
  });

  it("keeps a product once sold readable by sku after it is taken off sale, and its order too", async () => {
    await testProduct(database.db, { sku: "sync-old", category: "giftcard", fulfilment: "stock", listPrice: 4_000_000n });
    await addStockCodes(database.db, "sync-old", [{ code: "OLD-1", pin: null, serial: null }]);
    const { order } = await placeOrder(database.db, { user: { id: resellerId }, sku: "sync-old", quantity: 1, fields: {}, source: "api" });
    await setProductEnabled(database.db, "sync-old", false);

    const product = await get("/api/v2/catalog/sync-old");
    expect(product.status).toBe(200);
    expect(await product.json()).toMatchObject({ sku: "sync-old", on_sale: false, in_stock: false, list_price: "4.00" });
    const placed = await get(`/api/v2/order/${order.id}`);
    expect(placed.status).toBe(200);
    expect(await placed.json()).toMatchObject({ order_id: order.id, sku: "sync-old", status: "completed" });

    await testProduct(database.db, { sku: "sync-old-key", category: "gamekey", fulfilment: "supplier", listPrice: 9_000_000n });
    await setProductEnabled(database.db, "sync-old-key", false);
    const keys = await fetch(`${server.base}/api/gamekeys/products`, {
      method: "POST",
      headers: { "X-API-Key": key, "Content-Type": "application/json" },
      body: JSON.stringify({ skus: ["sync-old-key", "sync-old", "never-was-a-key"] }),
    });
    const read = (await keys.json()) as { data: ProductRecord[]; unknown_skus: string[] };
    expect(read.data.map((product) => [product.sku, product.on_sale])).toEqual([["sync-old-key", false]]);
    expect(read.unknown_skus).toEqual(["sync-old", "never-was-a-key"]);

    const onSale = await get("/api/v2/catalog/sync-steady");
    expect(await onSale.json()).toMatchObject({ sku: "sync-steady", on_sale: true, in_stock: true });
    const unknown = await get("/api/v2/catalog/never-was-a-product");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: "not_found" } });
  });
});
