import { csvCell } from "@/lib/csv/csv";
import type { Order } from "@/lib/db/schema";
import { formatMoney } from "@/lib/money/money";
import type { OrderListItem } from "./list-orders";

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

/**
 * The admin's export across resellers: the reseller's columns in the same places, then whose order it is.
 * Like the reseller's, it holds no delivered codes: a file that gets mailed around must not carry them.
 */
export const ADMIN_ORDER_CSV_COLUMNS = [...ORDER_CSV_COLUMNS, "reseller_id", "reseller_email"] as const;

export function adminOrderCsvCells({ order, reseller }: OrderListItem): string[] {
  return [...orderCsvCells(order), csvCell(reseller.id), csvCell(reseller.email, { text: true })];
}
