import { csvCell } from "@/lib/csv/csv";
import type { ProductRecord } from "./serialize";

/** The reseller's price list: the catalog as its page shows it, one product a line, to load into a shop. */
export const PRICE_LIST_CSV_COLUMNS = [
  "sku",
  "category",
  "group",
  "name",
  "region",
  "price",
  "list_price",
  "currency",
  "in_stock",
  "stock",
  "min_quantity",
  "max_quantity",
] as const;

/** A product's cells in PRICE_LIST_CSV_COLUMNS' order; `stock` is empty for products not sold from stock. */
export function priceListCsvCells(product: ProductRecord): string[] {
  return [
    csvCell(product.sku, { text: true }),
    product.category,
    csvCell(product.group, { text: true }),
    csvCell(product.name, { text: true }),
    csvCell(product.region, { text: true }),
    product.price,
    product.list_price,
    product.currency,
    String(product.in_stock),
    product.stock === null ? "" : String(product.stock),
    String(product.min_quantity),
    String(product.max_quantity),
  ];
}
