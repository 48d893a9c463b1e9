import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { products, type Product, type ProductCategory } from "@/lib/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { checkUpstreamRecipient } from "@/lib/fulfilment/check-upstream-recipient";
import { productUnavailable } from "@/lib/orders/refusals";
import { findProduct } from "./get-product";
import { validateOrderFields } from "./validate-fields";

export type RecipientCheck = { valid: true; nickname: string } | { valid: false; reason: string };

export interface CheckRecipientInput {
  /** The product the order would be for; without it, the first enabled product of `category`. */
  sku?: string;
  /** The category the endpoint checks for; another category's sku answers 422 wrong_category. */
  category?: ProductCategory;
  /** The recipient field the endpoint is about (player_id, login); a product without it answers 422 wrong_category. */
  field: string;
  fields: Record<string, string>;
}

async function productToCheck(db: DbOrTx, input: CheckRecipientInput): Promise<Product> {
  let product: Product | null;
  if (input.sku !== undefined) {
    product = await findProduct(db, input.sku);
    if (!product || !product.enabled) throw productUnavailable(input.sku);
  } else {
    if (!input.category) throw new Error("checkRecipient needs a sku or a category");
    [product] = await db
      .select()
      .from(products)
      .where(and(eq(products.category, input.category), eq(products.enabled, true)))
      .orderBy(asc(products.sku))
      .limit(1);
    if (!product) throw new AppError("product_unavailable", `No ${input.category} product is on sale.`, {});
  }
  if (input.category && product.category !== input.category) {
    throw new AppError("wrong_category", `${product.sku} is a ${product.category} product; this check is for ${input.category}.`, {
      sku: product.sku,
      category: product.category,
    });
  }
  if (!product.fields.some((f) => f.name === input.field)) {
    throw new AppError("wrong_category", `${product.sku} takes no ${input.field}.`, { sku: product.sku, category: product.category });
  }
  return product;
}

/**
 * Whether an order of the product could be delivered to these recipient fields: the fields the
 * product declares must be present and well-formed (otherwise valid: false with the reason; fields it
 * does not take are ignored), then the supplier of its first offer looks the recipient up where it can.
 */
export async function checkRecipient(db: DbOrTx, input: CheckRecipientInput): Promise<RecipientCheck> {
  const product = await productToCheck(db, input);
  const known = new Set(product.fields.map((f) => f.name));
  const given = Object.fromEntries(Object.entries(input.fields).filter(([name]) => known.has(name)));
  const { fields, issues } = validateOrderFields(product, given);
  if (issues.length) return { valid: false, reason: issues.map((issue) => issue.message).join(" ") };
  return (await checkUpstreamRecipient(db, product, fields)) ?? { valid: true, nickname: "" };
}
