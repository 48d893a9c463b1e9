import type { DbOrTx } from "@/lib/db/client";
import type { Product, Tier } from "@/lib/db/schema";
import { findProduct } from "./get-product";
import { listProducts, type ProductFilter } from "./list-products";
import { toProductRecord, type ProductRecord } from "./serialize";
import { availableStock } from "./stock";
import { tierDiscounts } from "./tier-discounts";

/*
 * A reseller's prices, one way for the API, the catalog page, a product's page and the price list: the
 * product's list price after the discounts of the caller's tier (lib/catalog/pricing.ts), with its stock.
 */

/** Products as the caller sees them: priced after its tier's discounts, with stock. */
export async function listPricedProducts(db: DbOrTx, tier: Tier, filter: ProductFilter = {}): Promise<{ data: ProductRecord[]; nextCursor: string | null }> {
  const [page, discounts] = await Promise.all([listProducts(db, filter), tierDiscounts(db, tier)]);
  return { data: page.data.map((row) => toProductRecord(row, discounts)), nextCursor: page.nextCursor };
}

/** One product on sale as the caller sees it, with the stored product beside it; null when there is none on sale. */
export async function getPricedProduct(db: DbOrTx, tier: Tier, sku: string): Promise<{ product: Product; record: ProductRecord } | null> {
  const product = await findProduct(db, sku);
  if (!product || !product.enabled) return null;
  const [stock, discounts] = await Promise.all([product.fulfilment === "stock" ? availableStock(db, product.sku) : null, tierDiscounts(db, tier)]);
  return { product, record: toProductRecord({ product, stock }, discounts) };
}

/**
 * One product by sku as the caller sees it, on sale or not: a product taken off sale reads with
 * `on_sale: false`, since an old order names it. Null only for an sku that never existed.
 */
export async function readProduct(db: DbOrTx, tier: Tier, sku: string): Promise<ProductRecord | null> {
  const product = await findProduct(db, sku);
  if (!product) return null;
  const [stock, discounts] = await Promise.all([product.fulfilment === "stock" ? availableStock(db, product.sku) : null, tierDiscounts(db, tier)]);
  return toProductRecord({ product, stock }, discounts);
}
