import { and, asc, count, eq, gt, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { containsText } from "@/lib/db/like";
import { queryRows } from "@/lib/db/rows";
import { products, stockCodes, type Product, type ProductCategory } from "@/lib/db/schema";
import { STOCK_COUNT_CAP } from "./stock-count";

/** A product as listings show it: without its timestamps (a Date each per row) and its supplier pricing, which no listing shows. */
export type ListedProduct = Omit<
  Product,
  "createdAt" | "updatedAt" | "sellAtLossAllowed" | "marginKind" | "marginValue" | "priceStep" | "priceFollowsCost" | "costPausedAt"
>;

const listedColumns = {
  sku: products.sku,
  category: products.category,
  name: products.name,
  group: products.group,
  region: products.region,
  listPrice: products.listPrice,
  fields: products.fields,
  minQuantity: products.minQuantity,
  maxQuantity: products.maxQuantity,
  fulfilment: products.fulfilment,
  enabled: products.enabled,
  meta: products.meta,
  lowStockThreshold: products.lowStockThreshold,
  inStockSeen: products.inStockSeen,
} satisfies Record<keyof ListedProduct, unknown>;

export interface ProductWithStock {
  product: ListedProduct;
  /** Available codes for stock products; null for the others. */
  stock: number | null;
}

export interface ProductFilter {
  category?: ProductCategory | ProductCategory[];
  group?: string;
  region?: string;
  q?: string;
  platform?: string;
  appid?: number;
  skus?: string[];
  includeDisabled?: boolean;
  /**
   * Only products changed after `since` (updated_at), disabled ones included so that a sync learns they
   * went off sale; with `everyOnSale`, every product on sale as well (the caller's prices all moved).
   */
  changedSince?: { since: Date; everyOnSale: boolean };
  /**
   * Count each product's available codes only up to stockCountCap(product) (the admin's list): counting
   * them all read every free code of every product, 135 ms for a million. The count is then exact up to
   * the cap, and so is whether the product is low on stock.
   */
  capStockCounts?: boolean;
  /** Only stock products at or below their low-stock threshold; counts are then capped (as capStockCounts). */
  lowStock?: boolean;
  cursor?: string;
  limit?: number;
}

const hasFilter = (filter: ProductFilter) =>
  Boolean(
    filter.includeDisabled ||
    filter.changedSince ||
    filter.capStockCounts ||
    filter.lowStock ||
    filter.category ||
    filter.group ||
    filter.region ||
    filter.platform ||
    filter.q ||
    filter.skus ||
    filter.appid !== undefined,
  );

function conditionsOf(filter: ProductFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.changedSince) {
    const changed = gt(products.updatedAt, filter.changedSince.since);
    conditions.push(filter.changedSince.everyOnSale ? or(eq(products.enabled, true), changed)! : changed);
  } else if (!filter.includeDisabled) conditions.push(eq(products.enabled, true));
  if (filter.category) conditions.push(Array.isArray(filter.category) ? inArray(products.category, filter.category) : eq(products.category, filter.category));
  if (filter.group) conditions.push(eq(products.group, filter.group));
  if (filter.region) conditions.push(eq(products.region, filter.region));
  if (filter.platform) conditions.push(sql`${products.meta}->>'platform' = ${filter.platform}`);
  // Compared as jsonb, which no stored value or asked-for number can overflow, unlike a cast to int.
  if (filter.appid !== undefined) conditions.push(sql`${products.meta}->'appid' = ${JSON.stringify(filter.appid)}::jsonb`);
  if (filter.skus) conditions.push(filter.skus.length ? inArray(products.sku, filter.skus) : sql`false`);
  if (filter.q) {
    conditions.push(or(containsText(products.name, filter.q), containsText(products.group, filter.q), containsText(products.sku, filter.q))!);
  }
  if (filter.cursor) conditions.push(gt(products.sku, filter.cursor));
  // Threshold + 1 codes tell "at or below the threshold" exactly; any more would be read for nothing.
  if (filter.lowStock)
    conditions.push(eq(products.fulfilment, "stock"), sql`${availableUpTo(sql`"products"."low_stock_threshold" + 1`)} <= ${products.lowStockThreshold}`);
  return conditions;
}

/**
 * Reads at most `limit` of the product's free codes from their partial index, never all of them.
 * The outer columns are written out whole: drizzle names a column bare in a one-table select, and a bare
 * "sku" in here would be the code's own.
 */
const availableUpTo = (limit: SQL) => sql<number>`(select count(*)::int from (
  select 1 from ${stockCodes} where ${stockCodes}."sku" = "products"."sku" and ${stockCodes}."order_id" is null
  limit ${limit}) as counted)`;

/**
 * The count shown. The low-stock condition counts apart, to threshold + 1 only: reusing this one read up to
 * the cap's worth of codes of every stock product on each admin landing page, to keep only the few low ones.
 */
const cappedAvailable = availableUpTo(sql`greatest("products"."low_stock_threshold" + 1, ${STOCK_COUNT_CAP})`);

/** The statement of listProducts with capped counts (the admin's list, and the low-stock products), without its limit. */
export function productsWithCappedStock(db: DbOrTx, filter: ProductFilter) {
  return db
    .select({ product: listedColumns, available: cappedAvailable })
    .from(products)
    .where(and(...conditionsOf(filter)))
    .orderBy(asc(products.sku));
}

function productsWithStock(db: DbOrTx, conditions: SQL[]) {
  const available = db
    .select({ sku: stockCodes.sku, available: count().as("available") })
    .from(stockCodes)
    .where(isNull(stockCodes.orderId))
    .groupBy(stockCodes.sku)
    .as("available");
  return db
    .select({ product: listedColumns, available: available.available })
    .from(products)
    .leftJoin(available, eq(available.sku, products.sku))
    .where(and(...conditions))
    .orderBy(asc(products.sku));
}

type CatalogPageRow = Omit<ListedProduct, "listPrice"> & { listPrice: string; available: number | null };

/**
 * The unfiltered catalog a page at a time, what most integrators ask for; every sku sorts after "".
 * Written out and run on the driver (queryRows) rather than built with drizzle: mapping its rows column
 * by column through drizzle was a tenth of the catalog's CPU, and building the statement on every call
 * was more of it. Its rows come out in ListedProduct's shape but for the price, which comes as text
 * (both drivers hand it back exactly), and the count beside them.
 */
const CATALOG_PAGE = `
  select p.sku, p.category, p.name, p.group_name as "group", p.region, p.list_price::text as "listPrice", p.fields,
         p.min_quantity as "minQuantity", p.max_quantity as "maxQuantity", p.fulfilment, p.enabled, p.meta,
         p.low_stock_threshold as "lowStockThreshold", p.in_stock_seen as "inStockSeen", a.available::int as available
  from products p
  left join (select sku, count(*) as available from stock_codes where order_id is null group by sku) a on a.sku = p.sku
  where p.enabled = true and p.sku > $1
  order by p.sku asc
  limit $2`;

/** A page of products as listProducts gives it, each made once from its row (no object in between). */
async function catalogPage(db: DbOrTx, after: string, limit: number): Promise<{ data: ProductWithStock[]; nextCursor: string | null }> {
  const rows = await queryRows<CatalogPageRow>(db, CATALOG_PAGE, [after, limit + 1]);
  const count = Math.min(rows.length, limit);
  const data: ProductWithStock[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const row = rows[i];
    data[i] = {
      product: {
        sku: row.sku,
        category: row.category,
        name: row.name,
        group: row.group,
        region: row.region,
        listPrice: BigInt(row.listPrice),
        fields: row.fields,
        minQuantity: row.minQuantity,
        maxQuantity: row.maxQuantity,
        fulfilment: row.fulfilment,
        enabled: row.enabled,
        meta: row.meta,
        lowStockThreshold: row.lowStockThreshold,
        inStockSeen: row.inStockSeen,
      },
      stock: row.fulfilment === "stock" ? (row.available ?? 0) : null,
    };
  }
  return { data, nextCursor: rows.length > limit ? rows[limit - 1].sku : null };
}

/** Products ordered by sku (the pagination cursor), with their available stock. */
export async function listProducts(db: DbOrTx, filter: ProductFilter = {}): Promise<{ data: ProductWithStock[]; nextCursor: string | null }> {
  if (filter.limit && !hasFilter(filter)) return catalogPage(db, filter.cursor ?? "", filter.limit);
  const rows =
    filter.capStockCounts || filter.lowStock
      ? await (filter.limit ? productsWithCappedStock(db, filter).limit(filter.limit + 1) : productsWithCappedStock(db, filter))
      : filter.limit
        ? await productsWithStock(db, conditionsOf(filter)).limit(filter.limit + 1)
        : await productsWithStock(db, conditionsOf(filter));
  const page = filter.limit ? rows.slice(0, filter.limit) : rows;
  return {
    data: page.map((row) => ({ product: row.product, stock: row.product.fulfilment === "stock" ? Number(row.available ?? 0) : null })),
    nextCursor: filter.limit && rows.length > filter.limit ? page[page.length - 1].product.sku : null,
  };
}
