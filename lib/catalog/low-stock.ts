import type { DbOrTx } from "@/lib/db/client";
import type { Product } from "@/lib/db/schema";
import { listProducts, type ListedProduct } from "./list-products";

/** A product sold from stock is running low when its available codes are at or below its threshold. */
export function isLowStock(product: Pick<Product, "fulfilment" | "lowStockThreshold">, stock: number | null): boolean {
  return product.fulfilment === "stock" && stock !== null && stock <= product.lowStockThreshold;
}

/** The products on sale that are running low, sku order; each product's count reads at most its cap of codes. */
export async function lowStockProducts(db: DbOrTx): Promise<ListedProduct[]> {
  return (await listProducts(db, { lowStock: true })).data.map((row) => row.product);
}
