import { and, asc, eq, exists, ne, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/lib/db/client";
import { offers, priceChanges, products, suppliers, type Offer, type PriceChangeAction, type Product, type Supplier } from "@/lib/db/schema";
import { newId } from "@/lib/ids/ids";
import { costInDollars, marginRuleOf, priceFor } from "./margin-rule";
import { findSupplier } from "./manage-suppliers";
import { readSupplierBalance } from "./supplier-admin";
import { noteSupplierError, usableOffers } from "./supplier-attempts";
import { noteRateLimit, rateLimitLeftMs } from "./supplier-lanes";
import type { ConnectorOptions, UpstreamProduct } from "./suppliers/connector";
import { readUpstreamCatalog } from "./upstream-catalog";

/** A supplier synced a moment less than an interval ago is due too, so the sweep's own timing never skips a round. */
const SYNC_SLACK_MS = 60_000;

export interface PriceChangeLine {
  sku: string;
  action: PriceChangeAction;
  oldCost: bigint | null;
  newCost: bigint | null;
  oldPrice: bigint | null;
  newPrice: bigint | null;
}

export type SyncResult = { ok: true; changes: PriceChangeLine[]; complete: boolean } | { ok: false; reason: string };

/**
 * Reads a supplier's catalog and brings each of its offers in line with it: cost (in dollars at the
 * supplier's rate), availability, the upstream's name. Then, for each product it sells, decides the
 * product's state by its cheapest usable offer: a cost above the list price pauses it (or, when its price
 * follows cost, reprices it by its margin rule); a product the sync paused is resumed once it can sell
 * without a loss again. Every change is one price_changes row. One transaction per product, with the
 * product's row locked, so two syncs at once (or a sync beside an order's routing) see each other's
 * writes and log each change once.
 */
export async function syncSupplier(db: Db, supplierId: string, overrides: Partial<ConnectorOptions> = {}): Promise<SyncResult> {
  const supplier = await findSupplier(db, supplierId);
  if (supplier.kind === "sandbox") return { ok: true, changes: [], complete: true };
  const read = await readUpstreamCatalog(supplier, {}, overrides);
  if (!read.ok) {
    await noteSupplierError(db, supplier.id, `Catalog sync: ${read.reason}`);
    if (read.retryAfterMs !== undefined) await noteRateLimit(db, supplier.id, read.retryAfterMs);
    return { ok: false, reason: read.reason };
  }
  const listed = new Map(read.products.map((product) => [product.id, product]));
  const skus = await db.selectDistinct({ sku: offers.sku }).from(offers).where(eq(offers.supplierId, supplier.id)).orderBy(asc(offers.sku));
  const changes: PriceChangeLine[] = [];
  for (const { sku } of skus) {
    changes.push(...(await db.transaction((tx) => syncProduct(tx, sku, supplier, listed, read.complete))));
  }
  await db
    .update(suppliers)
    .set({ lastSyncedAt: sql`now()` })
    .where(eq(suppliers.id, supplier.id));
  // The balance too, so that the landing page's low-balance alert is never older than a sync.
  await readSupplierBalance(db, supplier, overrides);
  return { ok: true, changes, complete: read.complete };
}

async function syncProduct(tx: DbOrTx, sku: string, supplier: Supplier, listed: Map<string, UpstreamProduct>, complete: boolean): Promise<PriceChangeLine[]> {
  const [product] = await tx.select().from(products).where(eq(products.sku, sku)).for("update");
  if (!product) return [];
  const own = await tx
    .select()
    .from(offers)
    .where(and(eq(offers.sku, sku), eq(offers.supplierId, supplier.id)))
    .orderBy(asc(offers.id));
  const changes: PriceChangeLine[] = [];
  const log = async (offer: Offer, line: Omit<PriceChangeLine, "sku">) => {
    await tx.insert(priceChanges).values({ id: newId("pch"), sku, supplierId: supplier.id, offerId: offer.id, ...line });
    changes.push({ sku, ...line });
  };

  for (const offer of own) {
    const upstream = listed.get(offer.upstreamProductId);
    // Missing from a read the page bound cut short: it may still be sold; left as it was.
    if (!upstream && !complete) continue;
    const cost = upstream ? costInDollars(upstream.cost, supplier.usdRate) : offer.cost;
    const available = upstream?.available ?? false;
    if (cost !== offer.cost) await log(offer, { action: "cost", oldCost: offer.cost, newCost: cost, oldPrice: null, newPrice: null });
    if (available !== offer.available)
      await log(offer, { action: available ? "available" : "unavailable", oldCost: null, newCost: cost, oldPrice: null, newPrice: null });
    await tx
      .update(offers)
      .set({ cost, available, upstreamName: upstream?.name ?? offer.upstreamName, syncedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(offers.id, offer.id));
  }
  if (own.length === 0 || product.fulfilment !== "supplier") return changes;
  await settleProductState(tx, product, own[0], log);
  return changes;
}

/** The product's price and whether it sells, by its cheapest usable offer (of any supplier) now. */
async function settleProductState(
  tx: DbOrTx,
  product: Product,
  logged: Offer,
  log: (offer: Offer, line: Omit<PriceChangeLine, "sku">) => Promise<void>,
): Promise<void> {
  const usable = await usableOffers(tx, product.sku);
  const cheapest = usable.reduce<bigint | null>((low, { offer }) => (low === null || offer.cost < low ? offer.cost : low), null);
  const rule = marginRuleOf(product);
  let price = product.listPrice;

  if (cheapest !== null && rule && product.priceFollowsCost) {
    const followed = priceFor(cheapest, rule);
    if (followed !== price) {
      await setProduct(tx, product.sku, { listPrice: followed });
      await log(logged, { action: "repriced", oldCost: null, newCost: cheapest, oldPrice: price, newPrice: followed });
      price = followed;
    }
  }

  const sellsAtLoss = cheapest !== null && cheapest > price && !product.sellAtLossAllowed;
  if ((cheapest === null || sellsAtLoss) && product.enabled) {
    await setProduct(tx, product.sku, { enabled: false, costPausedAt: sql`now()` });
    await log(logged, { action: "paused", oldCost: null, newCost: cheapest, oldPrice: price, newPrice: price });
  } else if (cheapest !== null && !sellsAtLoss && product.costPausedAt !== null) {
    // Only a product this sync paused comes back: one an admin switched off stays off.
    await setProduct(tx, product.sku, { enabled: true, costPausedAt: null });
    await log(logged, { action: "resumed", oldCost: null, newCost: cheapest, oldPrice: price, newPrice: price });
  }
}

async function setProduct(
  tx: DbOrTx,
  sku: string,
  set: Partial<{ listPrice: bigint; enabled: boolean; costPausedAt: ReturnType<typeof sql> | null }>,
): Promise<void> {
  await tx
    .update(products)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(products.sku, sku));
}

/**
 * The recurring sync: every enabled supplier with a catalog (not the sandbox) that sells something of
 * ours, was not synced (or added) within the interval (a restart does not read every catalog again; a
 * supplier just added was set up with today's costs) and is not rate-limited now. One supplier's failure is noted on it and the others go on.
 */
export async function syncAllSuppliers(db: Db, everyMs: number, overrides: Partial<ConnectorOptions> = {}): Promise<{ synced: number; failed: number }> {
  const due = await db
    .select()
    .from(suppliers)
    .where(
      and(
        eq(suppliers.enabled, true),
        ne(suppliers.kind, "sandbox"),
        sql`coalesce(${suppliers.lastSyncedAt}, ${suppliers.createdAt}) < ${new Date(Date.now() - everyMs + SYNC_SLACK_MS).toISOString()}::timestamptz`,
        exists(db.select({ id: offers.id }).from(offers).where(eq(offers.supplierId, suppliers.id))),
      ),
    )
    .orderBy(asc(suppliers.id));
  let synced = 0;
  let failed = 0;
  for (const supplier of due) {
    if (rateLimitLeftMs(supplier) > 0) continue;
    try {
      const result = await syncSupplier(db, supplier.id, overrides);
      if (result.ok) synced++;
      else failed++;
    } catch (error) {
      failed++;
      await noteSupplierError(db, supplier.id, `Catalog sync: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { synced, failed };
}
