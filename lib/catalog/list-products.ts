import { and, asc, count, eq, gt, ilike, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { preparedQuery } from "@/lib/db/prepared";
import { products, stockCodes, type Product, type ProductCategory } from "@/lib/db/schema";

export interface ProductWithStock {
  product: Product;
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
  cursor?: string;
  limit?: number;
}

const escapeLike = (text: string) => text.replace(/[%_\\]/g, (c) => `\\${c}`);

const hasFilter = (filter: ProductFilter) =>
  Boolean(filter.includeDisabled || filter.category || filter.group || filter.region || filter.platform || filter.q || filter.skus || filter.appid !== undefined);

function conditionsOf(filter: ProductFilter): SQL[] {
  const conditions: SQL[] = [];
  if (!filter.includeDisabled) conditions.push(eq(products.enabled, true));
  if (filter.category) conditions.push(Array.isArray(filter.category) ? inArray(products.category, filter.category) : eq(products.category, filter.category));
  if (filter.group) conditions.push(eq(products.group, filter.group));
  if (filter.region) conditions.push(eq(products.region, filter.region));
  if (filter.platform) conditions.push(sql`${products.meta}->>'platform' = ${filter.platform}`);
  if (filter.appid !== undefined) conditions.push(sql`(${products.meta}->>'appid')::int = ${filter.appid}`);
  if (filter.skus) conditions.push(filter.skus.length ? inArray(products.sku, filter.skus) : sql`false`);
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    conditions.push(or(ilike(products.name, pattern), ilike(products.group, pattern), ilike(products.sku, pattern))!);
  }
  if (filter.cursor) conditions.push(gt(products.sku, filter.cursor));
  return conditions;
}

function productsWithStock(db: DbOrTx, conditions: SQL[]) {
  const available = db
    .select({ sku: stockCodes.sku, available: count().as("available") })
    .from(stockCodes)
    .where(isNull(stockCodes.orderId))
    .groupBy(stockCodes.sku)
    .as("available");
  return db
    .select({ product: products, available: available.available })
    .from(products)
    .leftJoin(available, eq(available.sku, products.sku))
    .where(and(...conditions))
    .orderBy(asc(products.sku));
}

/** The unfiltered catalog a page at a time, what most integrators ask for; every sku sorts after "". */
const catalogPage = preparedQuery((db) =>
  productsWithStock(db, [eq(products.enabled, true), gt(products.sku, sql.placeholder("after"))])
    .limit(sql.placeholder("limit"))
    .prepare("catalog_page"),
);

/** Products ordered by sku (the pagination cursor), with their available stock. */
export async function listProducts(db: DbOrTx, filter: ProductFilter = {}): Promise<{ data: ProductWithStock[]; nextCursor: string | null }> {
  const rows =
    filter.limit && !hasFilter(filter)
      ? await catalogPage(db).execute({ after: filter.cursor ?? "", limit: filter.limit + 1 })
      : filter.limit
        ? await productsWithStock(db, conditionsOf(filter)).limit(filter.limit + 1)
        : await productsWithStock(db, conditionsOf(filter));
  const page = filter.limit ? rows.slice(0, filter.limit) : rows;
  return {
    data: page.map((row) => ({ product: row.product, stock: row.product.fulfilment === "stock" ? Number(row.available ?? 0) : null })),
    nextCursor: filter.limit && rows.length > filter.limit ? page[page.length - 1].product.sku : null,
  };
}
