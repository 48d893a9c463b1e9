import { asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { DbOrTx } from "@/lib/db/client";
import { offers, products, suppliers, type Offer } from "@/lib/db/schema";
import { notFound } from "@/lib/errors/app-error";
import { isIdOf } from "@/lib/ids/ids";
import { parseMoney } from "@/lib/money/money";

export interface ProductOffer {
  offer: Offer;
  supplierName: string;
  supplierEnabled: boolean;
}

/** A product's offers in the order routing tries them: priority, then lowest cost. */
export async function offersOfProduct(db: DbOrTx, sku: string): Promise<ProductOffer[]> {
  return db
    .select({ offer: offers, supplierName: suppliers.name, supplierEnabled: suppliers.enabled })
    .from(offers)
    .innerJoin(suppliers, eq(suppliers.id, offers.supplierId))
    .where(eq(offers.sku, sku))
    .orderBy(asc(offers.priority), asc(offers.cost), asc(offers.id));
}

/** What the admin changes on an offer; its product, supplier and upstream product stay. */
export const offerEditSchema = z.strictObject({
  cost: z.string().transform((text, context) => {
    const micros = parseMoney(text);
    if (micros === null || micros < 0n) {
      context.addIssue({ code: "custom", message: "Enter the cost per unit in dollars, such as 9.70." });
      return z.NEVER;
    }
    return micros;
  }),
  priority: z.coerce.number({ error: "Enter a whole number." }).int("Enter a whole number.").min(0, "Use 0 or more.").max(1000, "Use at most 1000."),
  enabled: z.boolean(),
});

export async function updateOffer(db: DbOrTx, offerId: string, input: z.input<typeof offerEditSchema>): Promise<Offer> {
  const parsed = offerEditSchema.parse(input);
  if (!isIdOf("ofr", offerId)) throw notFound("Offer");
  const [offer] = await db
    .update(offers)
    .set({ ...parsed, updatedAt: sql`now()` })
    .where(eq(offers.id, offerId))
    .returning();
  if (!offer) throw notFound("Offer");
  return offer;
}

/** Lets fulfilment buy from an offer dearer than what the reseller paid (or stops it again). */
export async function setSellAtLossAllowed(db: DbOrTx, sku: string, allowed: boolean): Promise<void> {
  const rows = await db
    .update(products)
    .set({ sellAtLossAllowed: allowed, updatedAt: sql`now()` })
    .where(eq(products.sku, sku))
    .returning({ sku: products.sku });
  if (rows.length === 0) throw notFound("Product");
}
