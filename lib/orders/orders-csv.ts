import type { Order } from "@/lib/db/schema";
import { formatMoney } from "@/lib/money/money";

export const ORDER_CSV_COLUMNS = ["id", "created_at", "sku", "product", "quantity", "unit_price", "total", "status", "reference"] as const;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. Free text
 * that a spreadsheet would read as a formula (=, +, -, @, tab, CR) gets a leading apostrophe.
 */
export function csvCell(value: string, { text = false }: { text?: boolean } = {}): string {
  const safe = text && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function orderCsvRow(order: Order): string {
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
  ].join(",");
}

/** Orders as a CSV document with a header line; money as decimal strings, lines ended with CRLF. */
export function ordersToCsv(orders: Order[]): string {
  return [ORDER_CSV_COLUMNS.join(","), ...orders.map(orderCsvRow)].map((line) => `${line}\r\n`).join("");
}
