import type { Product } from "@/lib/db/schema";

/** The admin's product list counts a product's free codes up to this many, or past its low-stock threshold if that is higher. */
export const STOCK_COUNT_CAP = 10_000;

export function stockCountCap(product: Pick<Product, "lowStockThreshold">): number {
  return Math.max(product.lowStockThreshold + 1, STOCK_COUNT_CAP);
}

/** "24", or "10,000+" for a count that reached its cap. */
export function stockCountText(product: Pick<Product, "lowStockThreshold">, stock: number): string {
  const cap = stockCountCap(product);
  return stock >= cap ? `${cap.toLocaleString("en-US")}+` : String(stock);
}
