import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { PRODUCT_CATEGORIES, products } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { listProducts } from "./list-products";
import { createProduct, setProductEnabled, updateProduct } from "./manage-products";
import type { ProductInput } from "./product-input";
import { seedCatalog } from "./seed-catalog";
import { toProductRecord } from "./serialize";
import { addStockCodes, availableStock } from "./stock";
import { parseStockLines } from "./stock-lines";
import { getPricedProduct, listPricedProducts } from "./priced-products";
import { tierDiscounts } from "./tier-discounts";

describe(`catalog (${testDriver()})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureTariffs(database.db);
    await seedCatalog(database.db, 5);
  });
  afterAll(async () => {
    await database.close();
  });

  it("the demo seed covers every category over several regions, with stock for codes and keys, once", async () => {
    const { data } = await listProducts(database.db);
    expect(data.length).toBeGreaterThanOrEqual(40);
    expect(new Set(data.map((p) => p.product.category))).toEqual(new Set(PRODUCT_CATEGORIES));
    expect(new Set(data.map((p) => p.product.region)).size).toBeGreaterThanOrEqual(3);
    for (const { product, stock } of data) expect(stock).toBe(product.fulfilment === "stock" ? 5 : null);
    expect(await seedCatalog(database.db)).toBe(false);
  });

  it("filters by category, group, region, platform, appid and text, and pages by sku", async () => {
    expect((await listProducts(database.db, { category: "gamekey", platform: "platform-b" })).data.map((p) => p.product.sku)).toEqual([
      "gamekey-fifa-25",
      "gamekey-the-witcher-3",
    ]);
    expect((await listProducts(database.db, { appid: 413150 })).data).toHaveLength(1);
    // Past a 32-bit integer: no game has it, and nothing overflows.
    expect((await listProducts(database.db, { appid: 9_999_999_999 })).data).toEqual([]);
    expect((await listProducts(database.db, { q: "steam", region: "EU" })).data.map((p) => p.product.sku)).toEqual(["giftcard-steam-eu-20"]);
    const first = await listProducts(database.db, { category: "topup", limit: 5 });
    const second = await listProducts(database.db, { category: "topup", limit: 5, cursor: first.nextCursor! });
    expect(first.data).toHaveLength(5);
    expect(second.data[0].product.sku > first.data[4].product.sku).toBe(true);
  });

  it("pages of the unfiltered catalog add up to the whole of it, and see disabled products and stock at once", async () => {
    const whole = (await listProducts(database.db)).data;
    const paged: typeof whole = [];
    let cursor: string | undefined;
    do {
      const page = await listProducts(database.db, { limit: 7, cursor });
      expect(page.data.length).toBeLessThanOrEqual(7);
      paged.push(...page.data);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(paged).toEqual(whole);

    const [first, second] = whole.filter((p) => p.product.fulfilment === "stock");
    await setProductEnabled(database.db, first.product.sku, false);
    await addStockCodes(database.db, second.product.sku, [{ code: "PAGED-EXTRA-1", pin: null, serial: null }]);
    const after = (await listProducts(database.db, { limit: 100 })).data;
    expect(after.map((p) => p.product.sku)).not.toContain(first.product.sku);
    expect(after.find((p) => p.product.sku === second.product.sku)!.stock).toBe(second.stock! + 1);
    await setProductEnabled(database.db, first.product.sku, true);
  });

  it("prices follow the caller's tier: Gold pays less than list, Bronze pays list", async () => {
    const [card] = (await listProducts(database.db, { skus: ["giftcard-steam-us-20"] })).data;
    const gold = toProductRecord(card, await tierDiscounts(database.db, "Gold"));
    const bronze = toProductRecord(card, await tierDiscounts(database.db, "Bronze"));
    expect(bronze.price).toBe(bronze.list_price);
    expect(gold).toMatchObject({ list_price: "19.40", price: "18.236", in_stock: true, stock: 5 });
  });

  it("one product and the list price it alike for a tier, as the API, the catalog, a product's page and the price list show it", async () => {
    for (const tier of ["Bronze", "Gold"] as const) {
      const [listed] = (await listPricedProducts(database.db, tier, { skus: ["giftcard-steam-us-20"] })).data;
      const one = await getPricedProduct(database.db, tier, "giftcard-steam-us-20");
      expect(one?.record).toEqual(listed);
      expect(one?.product.sku).toBe("giftcard-steam-us-20");
    }
    expect((await getPricedProduct(database.db, "Gold", "giftcard-steam-us-20"))?.record).toMatchObject({ list_price: "19.40", price: "18.236", stock: 5 });
    expect(await getPricedProduct(database.db, "Gold", "no-such-sku")).toBeNull();
    await setProductEnabled(database.db, "giftcard-steam-us-20", false);
    try {
      expect(await getPricedProduct(database.db, "Gold", "giftcard-steam-us-20")).toBeNull();
    } finally {
      await setProductEnabled(database.db, "giftcard-steam-us-20", true);
    }
  });

  it("stock uploads skip duplicates, within the upload and against stock", async () => {
    const { lines, invalid } = parseStockLines("code,pin\nAAA-1,1234\nAAA-2\n\nAAA-1,9999\nbad code\nAAA-3,5555,SN-1");
    expect(invalid).toEqual([6]);
    expect(lines.map((l) => l.code)).toEqual(["AAA-1", "AAA-2", "AAA-1", "AAA-3"]);
    expect(lines[3]).toEqual({ code: "AAA-3", pin: "5555", serial: "SN-1" });
    // A control character anywhere in a line (a NUL, an escape sequence) makes it invalid, not a code.
    expect(parseStockLines("OK-1\nCTRL\u0007,1\nOK-2,P\u0000IN\nOK-3,1,S\u001b[31m\nOK-4,\u0085").invalid).toEqual([2, 3, 4, 5]);
    // So does an invisible or direction character, which would make a look-alike of a code in stock.
    expect(parseStockLines("UNI-1\nUNI-1\u200b\nUNI\u2060-1\nUNI\u202e-1").invalid).toEqual([2, 3, 4]);
    const before = await availableStock(database.db, "giftcard-psn-us-25");
    expect(await addStockCodes(database.db, "giftcard-psn-us-25", lines)).toEqual({ added: 3, duplicates: 1 });
    expect(await addStockCodes(database.db, "giftcard-psn-us-25", [{ code: "AAA-2", pin: null, serial: null }])).toEqual({ added: 0, duplicates: 1 });
    expect(await availableStock(database.db, "giftcard-psn-us-25")).toBe(before + 3);
  });

  it("only a product sold from stock takes codes: another's would never be delivered", async () => {
    const [manual] = await database.db.select().from(products).where(eq(products.fulfilment, "manual")).limit(1);
    const [supplier] = await database.db.select().from(products).where(eq(products.fulfilment, "supplier")).limit(1);
    for (const product of [manual, supplier]) {
      await expect(addStockCodes(database.db, product.sku, [{ code: "NOT-STOCK-1", pin: null, serial: null }])).rejects.toMatchObject({
        code: "validation_error",
        message: "This product is not sold from stock.",
        details: { issues: [{ path: "sku" }] },
      });
      expect(await availableStock(database.db, product.sku)).toBe(0);
    }
    await expect(addStockCodes(database.db, "no-such-sku", [{ code: "X-1", pin: null, serial: null }])).rejects.toMatchObject({ code: "not_found" });
  });

  it("admins create, edit and disable products with validation", async () => {
    const input: ProductInput = {
      sku: "giftcard-test-10",
      category: "giftcard",
      name: "Test card",
      group: "Test",
      region: "us",
      listPrice: "9.70",
      fields: [],
      minQuantity: 1,
      maxQuantity: 5,
      fulfilment: "stock",
      enabled: true,
      lowStockThreshold: 3,
    };
    const product = await createProduct(database.db, input);
    expect(product).toMatchObject({ region: "US", listPrice: 9_700_000n });
    await expect(createProduct(database.db, input)).rejects.toMatchObject({ code: "validation_error" });
    await expect(updateProduct(database.db, product.sku, { ...input, listPrice: "-1" })).rejects.toThrow(/positive dollar amount/);
    await expect(updateProduct(database.db, product.sku, { ...input, minQuantity: 6, maxQuantity: 5 })).rejects.toThrow(/at least the minimum/);
    await expect(updateProduct(database.db, product.sku, { ...input, meta: { platform: "platform-z" as never } })).rejects.toThrow();
    // Each message is in the admin's words, not zod's.
    const messages = async (changes: Partial<ProductInput>) => {
      const failure = await updateProduct(database.db, product.sku, { ...input, ...changes }).catch((error: unknown) => error);
      return (failure as { issues: { message: string }[] }).issues.map((issue) => issue.message);
    };
    expect(await messages({ name: " ", minQuantity: "two" as never, meta: { walletCurrency: "usd", appid: 1.5 } })).toEqual([
      "Required.",
      "Enter a whole number.",
      "Enter a whole number.",
      "Use a three-letter currency code such as USD.",
    ]);
    const edited = await updateProduct(database.db, product.sku, { ...input, listPrice: "10.10", name: "Renamed" });
    expect(edited).toMatchObject({ name: "Renamed", listPrice: 10_100_000n });
    await setProductEnabled(database.db, product.sku, false);
    expect((await listProducts(database.db, { skus: [product.sku] })).data).toEqual([]);
    expect((await listProducts(database.db, { skus: [product.sku], includeDisabled: true })).data).toHaveLength(1);
  });
});
