import { csvCell } from "@/lib/csv/csv";
import type { Order } from "@/lib/db/schema";
import { formatMoney } from "@/lib/money/money";

export const ORDER_CSV_COLUMNS = ["id", "created_at", "sku", "product", "quantity", "unit_price", "total", "status", "reference"] as const;

/** An order's cells in ORDER_CSV_COLUMNS' order; money as decimal strings. */
export function orderCsvCells(order: Order): string[] {
  return [
    csvCell(order.id),
    csvCell(order.createdAt.toISOString()),
    csvCell(order.sku, { text: true }),
    csvCell(order.productName, { text: true }),
    String(order.quantity),
    formatMoney(order.unitPrice),
    formatMoney(order.total),
    order.status,
    csvCell(order.reference ?? "", { text: true }),
  ];
}
