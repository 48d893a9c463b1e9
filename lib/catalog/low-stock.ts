import type { Product } from "@/lib/db/schema";

/** A product sold from stock is running low when its available codes are at or below its threshold. */
export function isLowStock(product: Pick<Product, "fulfilment" | "lowStockThreshold">, stock: number | null): boolean {
  return product.fulfilment === "stock" && stock !== null && stock <= product.lowStockThreshold;
}
