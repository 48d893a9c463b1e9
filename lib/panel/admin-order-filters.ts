import type { OrderStatus, ProductCategory } from "@/lib/db/schema";
import type { OrderFilter } from "@/lib/orders/list-orders";
import { firstCharacters } from "@/lib/text/characters";
import { dayRange } from "./day-range";
import { parseOrderFilterParams, parseTakenView, takenByOf, type TakenView } from "./order-filters";
import { searchParamOf, type SearchParams } from "./search-param";

/**
 * The admin orders page's view and filters as its links and GET form send them, validated; anything
 * odd is dropped. The manual queue has no filters of its own.
 */
export interface AdminOrderFilterParams {
  queue: boolean;
  /** The manual queue only: the orders nobody has taken, or the admin's own. */
  taken?: TakenView;
  status?: OrderStatus;
  type?: ProductCategory;
  /** A reseller's reference for an order, in any case, or an order id. */
  reference?: string;
  /** Part of the reseller's email, as typed. */
  email?: string;
  /** Created on or after, and on or before, these days (yyyy-mm-dd, UTC), as the reseller's list takes them. */
  from?: string;
  to?: string;
  cursor?: string;
}

export function parseAdminOrderFilterParams(params: SearchParams): AdminOrderFilterParams {
  const { status, type, reference, from, to, cursor } = parseOrderFilterParams(params);
  if (searchParamOf(params, "tab") === "manual") return { queue: true, taken: parseTakenView(params), cursor };
  const email = searchParamOf(params, "email");
  return { queue: false, status, type, reference, email: email ? firstCharacters(email, 200) : undefined, from, to, cursor };
}

/** The query string of the filters shown, without the cursor: the page's links and its export share it. */
export function adminOrderFilterQuery(params: AdminOrderFilterParams): Record<string, string | undefined> {
  return params.queue
    ? { tab: "manual", taken: params.taken }
    : { status: params.status, type: params.type, reference: params.reference, email: params.email, from: params.from, to: params.to };
}

/** The listOrders filter of these params for the admin looking (whose are "mine"). */
export function adminOrderFilterOf(params: AdminOrderFilterParams, adminId: string): Omit<OrderFilter, "limit"> {
  if (params.queue) return { awaitingHand: true, takenBy: takenByOf(params.taken, adminId), cursor: params.cursor };
  return { status: params.status, type: params.type, search: params.reference, email: params.email, ...dayRange(params), cursor: params.cursor };
}
