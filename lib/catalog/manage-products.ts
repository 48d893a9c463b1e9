import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { products, type Product } from "@/lib/db/schema";
import { AppError, notFound } from "@/lib/errors/app-error";
import { attachDemoOffer } from "@/lib/fulfilment/manage-suppliers";
import { uniqueViolation } from "@/lib/orders/errors";
import { productInputSchema, type ProductInput } from "./product-input";

export async function createProduct(db: DbOrTx, input: ProductInput): Promise<Product> {
  const values = productInputSchema.parse(input);
  try {
    const [product] = await db.insert(products).values(values).returning();
    await attachDemoOffer(db, product);
    return product;
  } catch (error) {
    if (uniqueViolation(error) !== null) {
      throw new AppError("validation_error", `A product with the sku ${values.sku} exists.`, {
        issues: [{ path: "sku", message: "Another product has this sku." }],
      });
    }
    throw error;
  }
}

/** Edits a product; its sku stays, since orders and stock refer to it. */
export async function updateProduct(db: DbOrTx, sku: string, input: Omit<ProductInput, "sku">): Promise<Product> {
  const { sku: _sku, ...values } = productInputSchema.parse({ ...input, sku });
  const [product] = await db
    .update(products)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(products.sku, sku))
    .returning();
  if (!product) throw notFound("Product");
  await attachDemoOffer(db, product);
  return product;
}

export async function setProductEnabled(db: DbOrTx, sku: string, enabled: boolean): Promise<void> {
  const updated = await db
    .update(products)
    .set({ enabled, updatedAt: sql`now()` })
    .where(eq(products.sku, sku))
    .returning({ sku: products.sku });
  if (updated.length === 0) throw notFound("Product");
}
