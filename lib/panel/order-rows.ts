import type { Order } from "@/lib/db/schema";
import { formatMoney } from "@/lib/money/money";
import { formatDateTime, formatTimeSince } from "./format";

export interface OrderRow {
  id: string;
  href: string;
  product: string;
  sku: string;
  type: string;
  quantity: number;
  /** Formatted, "19.40". */
  total: string;
  status: string;
  reference: string | null;
  /** Formatted for display. */
  created: string;
  /** The admin's view names the reseller. */
  reseller?: string;
  /** The manual queue says who works each order, and since when ("10:15 UTC"); null when nobody does. */
  taken?: { by: string; since: string } | null;
}

function takenOf(order: Order, takerEmail: string | null): OrderRow["taken"] {
  if (!order.takenBy || !order.takenAt) return null;
  return { by: takerEmail ?? order.takenBy, since: formatTimeSince(order.takenAt) };
}

/**
 * An order as the orders tables show it (strings only). `taker`, the email of the admin who took it
 * (null when nobody has), is the manual queue's: only there does a row say who works the order.
 */
export function toOrderRow(order: Order, options: { hrefBase?: string; reseller?: string; taker?: string | null } = {}): OrderRow {
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
    taken: options.taker === undefined ? undefined : takenOf(order, options.taker),
  };
}
