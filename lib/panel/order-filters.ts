import { dayRange, parseDay } from "./day-range";
import { searchParamOf, type SearchParams } from "./search-param";
import { ORDER_STATUSES, PRODUCT_CATEGORIES, type OrderStatus, type ProductCategory } from "@/lib/db/schema";
import { firstCharacters } from "@/lib/text/characters";

/** The order-list filters as the panel's GET forms send them (strings), validated; anything odd is dropped. */
export interface OrderFilterParams {
  status?: OrderStatus;
  type?: ProductCategory;
  reference?: string;
  /** yyyy-mm-dd, as typed in the form. */
  from?: string;
  to?: string;
  cursor?: string;
}

export function parseOrderFilterParams(params: SearchParams): OrderFilterParams {
  const status = ORDER_STATUSES.find((s) => s === searchParamOf(params, "status"));
  const type = PRODUCT_CATEGORIES.find((t) => t === searchParamOf(params, "type"));
  const reference = firstCharacters(searchParamOf(params, "reference") ?? "", 64) || undefined;
  const cursor = searchParamOf(params, "cursor");
  return {
    status,
    type,
    reference,
    from: parseDay(searchParamOf(params, "from")),
    to: parseDay(searchParamOf(params, "to")),
    cursor: cursor && /^ord_[0-9A-Za-z]{1,64}$/.test(cursor) ? cursor : undefined,
  };
}

/** The listOrders filter of these params. */
export function orderFilterOf(params: OrderFilterParams) {
  return { status: params.status, type: params.type, reference: params.reference, ...dayRange(params), cursor: params.cursor };
}

/** The manual queue narrowed by who works an order: the orders nobody has taken, or the admin's own. */
export const TAKEN_VIEWS = ["none", "mine"] as const;
export type TakenView = (typeof TAKEN_VIEWS)[number];

export function parseTakenView(params: SearchParams): TakenView | undefined {
  return TAKEN_VIEWS.find((view) => view === searchParamOf(params, "taken"));
}

/** The listOrders takenBy of a view, for the admin looking at it. */
export function takenByOf(view: TakenView | undefined, adminId: string): string | null | undefined {
  if (view === "none") return null;
  return view === "mine" ? adminId : undefined;
}
