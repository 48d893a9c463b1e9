import { searchParam } from "./search-param";
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

type SearchParams = Record<string, string | string[] | undefined> | URLSearchParams;

function one(params: SearchParams, name: string): string | undefined {
  return searchParam(params instanceof URLSearchParams ? (params.get(name) ?? undefined) : params[name]);
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Postgres has no year 0, so a date there would fail the query rather than filter nothing. */
function validDate(text: string | undefined): string | undefined {
  if (!text || !DATE.test(text) || text.startsWith("0000")) return undefined;
  const date = new Date(`${text}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text ? undefined : text;
}

export function parseOrderFilterParams(params: SearchParams): OrderFilterParams {
  const status = ORDER_STATUSES.find((s) => s === one(params, "status"));
  const type = PRODUCT_CATEGORIES.find((t) => t === one(params, "type"));
  const reference = firstCharacters(one(params, "reference") ?? "", 64) || undefined;
  const cursor = one(params, "cursor");
  return {
    status,
    type,
    reference,
    from: validDate(one(params, "from")),
    to: validDate(one(params, "to")),
    cursor: cursor && /^ord_[0-9A-Za-z]{1,64}$/.test(cursor) ? cursor : undefined,
  };
}

/** The listOrders filter of these params: `to` is a whole UTC day, so it ends at the day's last millisecond. */
export function orderFilterOf(params: OrderFilterParams) {
  return {
    status: params.status,
    type: params.type,
    reference: params.reference,
    from: params.from ? new Date(`${params.from}T00:00:00.000Z`) : undefined,
    to: params.to ? new Date(`${params.to}T23:59:59.999Z`) : undefined,
    cursor: params.cursor,
  };
}

/** A query string for these params (without the leading "?"); empty values are left out. */
export function orderFilterQuery(params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
  return query.toString();
}
