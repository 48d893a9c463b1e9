import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { preparedQuery } from "@/lib/db/prepared";
import { products, type Product } from "@/lib/db/schema";

const productBySku = preparedQuery((db) =>
  db
    .select()
    .from(products)
    .where(eq(products.sku, sql.placeholder("sku")))
    .limit(1)
    .prepare("product_by_sku"),
);

export async function findProduct(db: DbOrTx, sku: string): Promise<Product | null> {
  const [product] = await productBySku(db).execute({ sku });
  return product ?? null;
}
