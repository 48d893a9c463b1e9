import { and, desc, eq, lt, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { priceChanges, suppliers, type PriceChangeAction } from "@/lib/db/schema";
import { isIdOf } from "@/lib/ids/ids";
import { formatMoney } from "@/lib/money/money";
import type { PriceChangeLine } from "./sync-supplier";

/** A change as the CLI prints it: money as decimal strings. */
export function priceChangeView(line: PriceChangeLine) {
  const money = (value: bigint | null) => (value === null ? null : formatMoney(value));
  return {
    sku: line.sku,
    action: line.action,
    old_cost: money(line.oldCost),
    new_cost: money(line.newCost),
    old_price: money(line.oldPrice),
    new_price: money(line.newPrice),
  };
}

export interface PriceChangeRow extends PriceChangeLine {
  id: string;
  supplierId: string;
  supplierName: string;
  createdAt: Date;
}

/** What each action means, in the admin's words. */
export const PRICE_CHANGE_LABELS: Record<PriceChangeAction, string> = {
  cost: "Cost changed",
  repriced: "Price followed cost",
  paused: "Paused: no offer sells at or under the price",
  resumed: "Resumed",
  unavailable: "No longer sold upstream",
  available: "Sold upstream again",
};

/** The log, newest first (ids sort by time), a page at a time; filtered by product or supplier. */
export async function listPriceChanges(
  db: DbOrTx,
  filter: { sku?: string; supplierId?: string; cursor?: string; limit: number },
): Promise<{ rows: PriceChangeRow[]; nextCursor: string | null }> {
  const where: SQL[] = [];
  if (filter.sku) where.push(eq(priceChanges.sku, filter.sku));
  if (filter.supplierId) where.push(eq(priceChanges.supplierId, filter.supplierId));
  if (filter.cursor && isIdOf("pch", filter.cursor)) where.push(lt(priceChanges.id, filter.cursor));
  const rows = await db
    .select({ change: priceChanges, supplierName: suppliers.name })
    .from(priceChanges)
    .innerJoin(suppliers, eq(suppliers.id, priceChanges.supplierId))
    .where(and(...where))
    .orderBy(desc(priceChanges.id))
    .limit(filter.limit + 1);
  const page = rows.slice(0, filter.limit).map(({ change, supplierName }) => ({
    id: change.id,
    sku: change.sku,
    action: change.action,
    oldCost: change.oldCost,
    newCost: change.newCost,
    oldPrice: change.oldPrice,
    newPrice: change.newPrice,
    supplierId: change.supplierId,
    supplierName,
    createdAt: change.createdAt,
  }));
  return { rows: page, nextCursor: rows.length > filter.limit ? page[page.length - 1].id : null };
}
