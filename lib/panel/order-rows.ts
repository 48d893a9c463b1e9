import type { OrderRow } from "@/components/orders/orders-table";
import type { Order } from "@/lib/db/schema";
import { formatMoney } from "@/lib/money/money";
import { formatDateTime } from "./format";

/** An order as the orders tables show it (strings only). */
export function toOrderRow(order: Order, options: { hrefBase?: string; reseller?: string } = {}): OrderRow {
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
  };
}
