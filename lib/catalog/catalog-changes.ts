import { eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { products, tariffs, users } from "@/lib/db/schema";
import { addMonths, effectiveTier, type SubscriptionFields } from "@/lib/subscriptions/rules";
import { listProducts, type ProductFilter, type ProductWithStock } from "./list-products";
import { toProductRecord, type ProductRecord } from "./serialize";
import { tierDiscounts } from "./tier-discounts";

/*
 * The catalog as an integrator syncs it: a full read, then `updated_since` reads of what changed. A
 * product's updated_at moves with every edit (price, fields, taking it off sale); a change of stock
 * from some to none or back is written only when a catalog read sees it (in_stock_seen differs), so a
 * sale never writes the product row that every other order of it reads. Every read that shows a
 * product's stock brings in_stock_seen up to what it showed, which is why no such change can pass
 * between two reads of one integrator unseen.
 */

/** How far back the next sync starts: it covers clock skew and writes that committed during this read. */
export const SYNC_OVERLAP_MS = 60_000;

export interface CatalogReader {
  userId: string;
  subscription: SubscriptionFields;
}

/** What stock availability a product shows, on sale or not: a product sold otherwise than from stock is never out. */
const stockShown = (row: ProductWithStock) => row.stock === null || row.stock > 0;

/** Records, on the products just shown, the stock availability they were shown with, where it differs from what was last seen. */
async function noteStockShown(db: DbOrTx, rows: ProductWithStock[]): Promise<void> {
  const changed = rows.filter((row) => row.product.inStockSeen !== stockShown(row));
  for (const inStock of [true, false]) {
    const skus = changed.filter((row) => stockShown(row) === inStock).map((row) => row.product.sku);
    if (skus.length === 0) continue;
    await db
      .update(products)
      .set({ inStockSeen: inStock, updatedAt: sql`now()` })
      .where(sql`${inArray(products.sku, skus)} and ${products.inStockSeen} is distinct from ${inStock}`);
  }
}

/** Brings every product's in_stock_seen up to its stock now, moving updated_at where it changes; one statement. */
export async function noteStockChanges(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    update ${products} p set in_stock_seen = live.in_stock, updated_at = now()
    from (
      select q.sku, q.fulfilment <> 'stock' or exists (select 1 from stock_codes s where s.sku = q.sku and s.order_id is null) as in_stock
      from ${products} q
    ) live
    where p.sku = live.sku and p.in_stock_seen is distinct from live.in_stock`);
}

/**
 * Whether every price the reader sees may have moved since `since`: its tier's tariff was edited, or
 * the tier its prices follow changed (a write to the subscription, or a period that began or ended).
 */
export async function pricesMovedSince(db: DbOrTx, reader: CatalogReader, since: Date, now: Date = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ tariffChangedAt: tariffs.updatedAt, tierChangedAt: users.tierChangedAt })
    .from(users)
    .leftJoin(tariffs, eq(tariffs.tier, effectiveTier(reader.subscription, now)))
    .where(eq(users.id, reader.userId));
  const { periodStart, periodEnd } = reader.subscription;
  const moments = [row?.tariffChangedAt, row?.tierChangedAt, periodStart, periodEnd, periodEnd ? addMonths(periodEnd) : null];
  return moments.some((moment) => moment != null && moment > since && moment <= now);
}

/**
 * The catalog priced for the reader: every product on sale, or with `updatedSince` the products whose
 * price, stock availability, fields or sale changed after it (those taken off sale too, `on_sale: false`).
 */
export async function readCatalog(
  db: DbOrTx,
  reader: CatalogReader,
  filter: ProductFilter,
  updatedSince?: Date,
): Promise<{ data: ProductRecord[]; nextCursor: string | null }> {
  const tier = effectiveTier(reader.subscription);
  if (!updatedSince) {
    const [page, discounts] = await Promise.all([listProducts(db, filter), tierDiscounts(db, tier)]);
    await noteStockShown(db, page.data);
    return { data: page.data.map((row) => toProductRecord(row, discounts)), nextCursor: page.nextCursor };
  }
  await noteStockChanges(db);
  const everyOnSale = await pricesMovedSince(db, reader, updatedSince);
  const [page, discounts] = await Promise.all([listProducts(db, { ...filter, changedSince: { since: updatedSince, everyOnSale } }), tierDiscounts(db, tier)]);
  return { data: page.data.map((row) => toProductRecord(row, discounts)), nextCursor: page.nextCursor };
}

/** The time to pass as `updated_since` on the next sync: now, less the overlap. */
export function nextSyncSince(now: Date = new Date()): string {
  return new Date(now.getTime() - SYNC_OVERLAP_MS).toISOString();
}
