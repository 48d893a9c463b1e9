import type { OrderRow } from "@/components/orders/orders-table";
import type { Order } from "@/lib/db/schema";
import { formatMoney } from "@/lib/money/money";
import { formatDateTime, formatTimeSince } from "./format";

function takenOf(order: Order, takers: Map<string, string>): OrderRow["taken"] {
  if (!order.takenBy || !order.takenAt) return null;
  return { by: takers.get(order.takenBy) ?? order.takenBy, since: formatTimeSince(order.takenAt) };
}

/**
 * An order as the orders tables show it (strings only). `takers`, the admins' emails by id, is the
 * manual queue's: only there does a row say who works the order.
 */
export function toOrderRow(order: Order, options: { hrefBase?: string; reseller?: string; takers?: Map<string, string> } = {}): OrderRow {
  return {
    id: order.id,
    href: `${options.hrefBase ?? "/orders"}/${order.id}`,
    product: order.productName,
    sku: order.sku,
    type: order.type,
    quantity: order.quantity,
    total: formatMoney(order.total),
    status: order.status,
    reference: order.reference,
    created: formatDateTime(order.createdAt),
    reseller: options.reseller,
    taken: options.takers && takenOf(order, options.takers),
  };
}
