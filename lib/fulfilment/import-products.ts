import { and, eq, inArray, like, sql } from "drizzle-orm";
import { z } from "zod";
import { productInputSchema, SKU_PATTERN } from "@/lib/catalog/product-input";
import type { Db } from "@/lib/db/client";
import { offers, PRODUCT_CATEGORIES, products, suppliers, type Supplier } from "@/lib/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { newId } from "@/lib/ids/ids";
import { formatMoney } from "@/lib/money/money";
import { costInDollars, marginRuleInputSchema, priceFor, type MarginRule } from "./margin-rule";
import { findSupplier } from "./manage-suppliers";
import type { ConnectorOptions, UpstreamProduct } from "./suppliers/connector";
import { readUpstreamCatalog } from "./upstream-catalog";

/** What an import takes: the upstream products picked (or a whole category or group of them) and the margin rule. */
export const importInputSchema = z
  .strictObject({
    upstreamIds: z.array(z.string().trim().min(1).max(200)).min(1, "Pick at least one product.").max(500, "Import at most 500 products at once.").optional(),
    category: z.enum(PRODUCT_CATEGORIES, { error: `Use one of ${PRODUCT_CATEGORIES.join(", ")}.` }).optional(),
    group: z.string().trim().min(1).max(100).optional(),
    margin: z.string(),
    step: z.string().optional(),
    followCost: z.boolean().default(false),
  })
  .refine((input) => input.upstreamIds !== undefined || input.category !== undefined, {
    path: ["category"],
    message: "Pick products, or name the category to import.",
  });

export type ImportInput = z.input<typeof importInputSchema>;

export interface ImportedProduct {
  sku: string;
  name: string;
  upstreamId: string;
  price: bigint;
  cost: bigint;
}

export interface SkippedProduct {
  upstreamId: string;
  name: string;
  reason: string;
}

export interface ImportResult {
  created: ImportedProduct[];
  skipped: SkippedProduct[];
}

const MAX_PRODUCT_NAME = 120;
const MAX_GROUP = 80;
const MAX_QUANTITY = 1000;

function slug(text: string, max: number): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, max)
    .replace(/-+$/, "");
}

/**
 * Our sku for an upstream product: the supplier's name and the upstream's id, slugged, so an admin reads
 * where it comes from ("wholesaler-b-giftcard-steam-us-10"); a taken one gets "-2", "-3"...
 */
function skuBase(supplier: Pick<Supplier, "name" | "id">, upstream: UpstreamProduct): string {
  const prefix = slug(supplier.name, 20) || supplier.id.slice(-6).toLowerCase();
  const base = `${prefix}-${slug(upstream.id, 80) || slug(upstream.name, 80)}`.slice(0, 76).replace(/-+$/, "");
  return SKU_PATTERN.test(base) ? base : `${prefix}-product`;
}

/** The product row an upstream product becomes, checked as an admin's entry would be; a refusal says why. */
function productOf(upstream: UpstreamProduct, sku: string, price: bigint) {
  const parsed = productInputSchema.safeParse({
    sku,
    category: upstream.category,
    name: upstream.name.slice(0, MAX_PRODUCT_NAME),
    group: upstream.group.slice(0, MAX_GROUP),
    region: upstream.region,
    listPrice: formatMoney(price),
    fields: upstream.fields,
    minQuantity: Math.min(upstream.minQuantity, MAX_QUANTITY),
    maxQuantity: Math.min(upstream.maxQuantity, MAX_QUANTITY),
    fulfilment: "supplier",
    enabled: true,
    lowStockThreshold: 0,
    meta: upstream.meta,
  });
  if (parsed.success) return { ok: true as const, values: { ...parsed.data, listPrice: price } };
  const issue = parsed.error.issues[0];
  return { ok: false as const, reason: `Its ${issue.path.join(".") || "data"} cannot be taken: ${issue.message}` };
}

/**
 * Imports products of an upstream's catalog as products of ours, each with one offer of that supplier,
 * priced by the margin rule over its cost in dollars. One transaction, with the supplier's row locked so
 * two imports at once cannot both make a product of the same upstream product; one already imported, or not
 * sold upstream now, is skipped with the reason.
 */
export async function importUpstreamProducts(db: Db, supplierId: string, input: ImportInput, overrides: Partial<ConnectorOptions> = {}): Promise<ImportResult> {
  const parsed = importInputSchema.parse(input);
  const rule = marginRuleInputSchema.parse(parsed.step === undefined ? { margin: parsed.margin } : { margin: parsed.margin, step: parsed.step });
  const supplier = await findSupplier(db, supplierId);
  const read = await readUpstreamCatalog(supplier, { category: parsed.category, group: parsed.upstreamIds ? undefined : parsed.group }, overrides);
  if (!read.ok) throw new AppError("service_unavailable", `The supplier's catalog could not be read: ${read.reason}`);
  const picked = parsed.upstreamIds ? new Set(parsed.upstreamIds) : null;
  const chosen = picked ? read.products.filter((product) => picked.has(product.id)) : read.products;
  const skipped: SkippedProduct[] = picked
    ? [...picked]
        .filter((id) => !chosen.some((product) => product.id === id))
        .map((id) => ({ upstreamId: id, name: id, reason: "Not in the supplier's catalog." }))
    : [];

  return db.transaction(async (tx) => {
    await tx.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, supplier.id)).for("update");
    const ids = chosen.map((product) => product.id);
    const existing = ids.length
      ? await tx
          .select({ sku: offers.sku, upstreamProductId: offers.upstreamProductId })
          .from(offers)
          .where(and(eq(offers.supplierId, supplier.id), inArray(offers.upstreamProductId, ids)))
      : [];
    const importedAs = new Map(existing.map((offer) => [offer.upstreamProductId, offer.sku]));
    const prefix = slug(supplier.name, 20) || supplier.id.slice(-6).toLowerCase();
    const taken = new Set(
      (
        await tx
          .select({ sku: products.sku })
          .from(products)
          .where(like(products.sku, `${prefix}-%`))
      ).map((row) => row.sku),
    );

    const created: ImportedProduct[] = [];
    for (const upstream of chosen) {
      const already = importedAs.get(upstream.id);
      if (already) {
        skipped.push({ upstreamId: upstream.id, name: upstream.name, reason: `Already imported as ${already}.` });
        continue;
      }
      if (!upstream.available) {
        skipped.push({ upstreamId: upstream.id, name: upstream.name, reason: "Not sold by the supplier now." });
        continue;
      }
      const cost = costInDollars(upstream.cost, supplier.usdRate);
      const price = priceFor(cost, rule);
      const sku = freeSku(skuBase(supplier, upstream), taken);
      const product = productOf(upstream, sku, price);
      if (!product.ok) {
        skipped.push({ upstreamId: upstream.id, name: upstream.name, reason: product.reason });
        continue;
      }
      taken.add(sku);
      await tx.insert(products).values({ ...product.values, ...marginColumns(rule, parsed.followCost) });
      await tx.insert(offers).values({
        id: newId("ofr"),
        sku,
        supplierId: supplier.id,
        upstreamProductId: upstream.id,
        cost,
        upstreamName: upstream.name,
        available: true,
        syncedAt: sql`now()`,
      });
      created.push({ sku, name: product.values.name, upstreamId: upstream.id, price, cost });
    }
    return { created, skipped };
  });
}

function freeSku(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

function marginColumns(rule: MarginRule, followCost: boolean) {
  return { marginKind: rule.kind, marginValue: rule.value, priceStep: rule.step, priceFollowsCost: followCost };
}
