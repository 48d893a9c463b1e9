import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { DbOrTx } from "@/lib/db/client";
import {
  OPEN_ATTEMPT_STATUSES,
  offers,
  PRODUCT_CATEGORIES,
  products,
  supplierAttempts,
  suppliers,
  type Offer,
  type ProductCategory,
  type Supplier,
} from "@/lib/db/schema";
import { parseMoney } from "@/lib/money/money";
import { costInDollars } from "./margin-rule";
import { findSupplier } from "./manage-suppliers";
import type { ConnectorOptions, UpstreamCatalogPage } from "./suppliers/connector";
import { connectorFor, connectorOptions } from "./suppliers/registry";

export interface SupplierState {
  supplier: Supplier;
  offers: number;
  /** Orders whose attempt at this supplier may still be buying: sent and not known to be settled. */
  inFlight: number;
  /** Its last seen balance in dollars (at its rate) is under its threshold. */
  lowBalance: boolean;
}

/** The last seen balance in dollars, for a supplier whose balance is in another currency too. */
export function balanceInDollars(supplier: Pick<Supplier, "lastBalance" | "usdRate">): bigint | null {
  return supplier.lastBalance === null ? null : costInDollars(supplier.lastBalance, supplier.usdRate);
}

function isLow(supplier: Supplier): boolean {
  const balance = balanceInDollars(supplier);
  return supplier.enabled && supplier.lowBalanceThreshold !== null && balance !== null && balance < supplier.lowBalanceThreshold;
}

/** Every supplier with its offers and orders in flight, for the admin's list. */
export async function listSupplierStates(db: DbOrTx): Promise<SupplierState[]> {
  const [all, offerCounts, openCounts] = await Promise.all([
    db.select().from(suppliers).orderBy(asc(suppliers.name), asc(suppliers.id)),
    db.select({ supplierId: offers.supplierId, n: count() }).from(offers).groupBy(offers.supplierId),
    db
      .select({ supplierId: supplierAttempts.supplierId, n: count() })
      .from(supplierAttempts)
      .where(inArray(supplierAttempts.status, [...OPEN_ATTEMPT_STATUSES]))
      .groupBy(supplierAttempts.supplierId),
  ]);
  const offersOf = new Map(offerCounts.map((row) => [row.supplierId, row.n]));
  const openOf = new Map(openCounts.map((row) => [row.supplierId, row.n]));
  return all.map((supplier) => ({ supplier, offers: offersOf.get(supplier.id) ?? 0, inFlight: openOf.get(supplier.id) ?? 0, lowBalance: isLow(supplier) }));
}

export async function supplierStateOf(db: DbOrTx, supplierId: string): Promise<SupplierState> {
  const supplier = await findSupplier(db, supplierId);
  const [[offered], [open]] = await Promise.all([
    db.select({ n: count() }).from(offers).where(eq(offers.supplierId, supplier.id)),
    db
      .select({ n: count() })
      .from(supplierAttempts)
      .where(and(eq(supplierAttempts.supplierId, supplier.id), inArray(supplierAttempts.status, [...OPEN_ATTEMPT_STATUSES]))),
  ]);
  return { supplier, offers: offered.n, inFlight: open.n, lowBalance: isLow(supplier) };
}

/** Enabled suppliers whose last seen balance is under their threshold: the admin landing page's alert. */
export async function lowBalanceSuppliers(db: DbOrTx): Promise<Supplier[]> {
  const candidates = await db
    .select()
    .from(suppliers)
    .where(and(eq(suppliers.enabled, true), sql`${suppliers.lowBalanceThreshold} is not null`, sql`${suppliers.lastBalance} is not null`))
    .orderBy(asc(suppliers.name));
  return candidates.filter(isLow);
}

export interface SupplierOffer {
  offer: Offer;
  productName: string;
  listPrice: bigint;
}

/** A supplier's offers with the products they sell, by product. */
export async function offersOfSupplier(db: DbOrTx, supplierId: string): Promise<SupplierOffer[]> {
  const rows = await db
    .select({ offer: offers, productName: products.name, listPrice: products.listPrice })
    .from(offers)
    .innerJoin(products, eq(products.sku, offers.sku))
    .where(eq(offers.supplierId, supplierId))
    .orderBy(asc(offers.sku), asc(offers.priority));
  return rows;
}

const optionalMoney = (message: string) =>
  z
    .string()
    .trim()
    .transform((text, context) => {
      if (text === "") return null;
      const micros = parseMoney(text);
      if (micros === null || micros <= 0n) {
        context.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return micros;
    });

/** The settings an admin changes on a supplier; its kind, URL and credentials are set when it is added. */
export const supplierSettingsSchema = z.strictObject({
  lowBalanceThreshold: optionalMoney("Enter an amount in dollars such as 100, or leave it empty for no alert."),
  usdRate: optionalMoney("Enter the dollars one unit of its currency is worth, such as 1 or 1.08."),
  maxInFlight: z.coerce.number({ error: "Enter a whole number." }).int("Enter a whole number.").min(1, "Use at least 1.").max(256, "Use at most 256."),
});

export async function updateSupplierSettings(db: DbOrTx, supplierId: string, input: z.input<typeof supplierSettingsSchema>): Promise<Supplier> {
  const parsed = supplierSettingsSchema.parse(input);
  const supplier = await findSupplier(db, supplierId);
  const [updated] = await db
    .update(suppliers)
    .set({ lowBalanceThreshold: parsed.lowBalanceThreshold, usdRate: parsed.usdRate ?? 1_000_000n, maxInFlight: parsed.maxInFlight, updatedAt: sql`now()` })
    .where(eq(suppliers.id, supplier.id))
    .returning();
  return updated;
}

export const catalogBrowseSchema = z.object({
  category: z.enum(PRODUCT_CATEGORIES).optional().catch(undefined),
  group: z.string().trim().max(100).optional().catch(undefined),
  cursor: z.string().trim().max(200).optional().catch(undefined),
});

/** One page of a supplier's catalog, as the import page browses it. */
export async function browseSupplierCatalog(
  db: DbOrTx,
  supplierId: string,
  query: { category?: ProductCategory; group?: string; cursor?: string },
  overrides: Partial<ConnectorOptions> = {},
): Promise<{ supplier: Supplier; page: UpstreamCatalogPage }> {
  const supplier = await findSupplier(db, supplierId);
  const page = await connectorFor(supplier, connectorOptions(overrides)).listProducts({
    cursor: query.cursor || null,
    category: query.category,
    group: query.group || undefined,
  });
  return { supplier, page };
}
