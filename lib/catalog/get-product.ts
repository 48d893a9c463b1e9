import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { products, type Product } from "@/lib/db/schema";

export async function findProduct(db: DbOrTx, sku: string): Promise<Product | null> {
  const [product] = await db.select().from(products).where(eq(products.sku, sku)).limit(1);
  return product ?? null;
}
