import { Badge } from "@/components/ui/badge";

/** "In stock: 25" for stock products, "Available" for the others, "Out of stock" when none can be sold. */
export function StockBadge({ stock, inStock }: { stock: number | null; inStock: boolean }) {
  if (!inStock) return <Badge tone="red">Out of stock</Badge>;
  return <Badge tone="green">{stock === null ? "Available" : `In stock: ${stock}`}</Badge>;
}
