import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { AccountRef } from "@/lib/accounts/get-user";
import { resellerIdsByEmail, resellersByEmail } from "@/lib/accounts/list-resellers";
import type { DbOrTx } from "@/lib/db/client";
import { pageOf, type Page } from "@/lib/db/page";
import { preparedQuery } from "@/lib/db/prepared";
import { orders, products, supplierAttempts, users, type Order, type OrderStatus, type ProductCategory } from "@/lib/db/schema";
import { notFound } from "@/lib/errors/app-error";
import { isIdOf } from "@/lib/ids/ids";

/** What a reseller filters their own orders by, in the panel and the API. */
export interface ResellerOrderFilter {
  status?: OrderStatus;
  type?: ProductCategory;
  /** The reference exactly as given. */
  reference?: string;
  from?: Date;
  to?: Date;
  ids?: string[];
  cursor?: string;
  limit: number;
}

/** What an admin filters every reseller's orders by. */
export interface OrderFilter {
  status?: OrderStatus;
  type?: ProductCategory;
  reference?: string;
  /**
   * The admin's search: an order's reference in any case (a reseller writing to support may not keep it),
   * or an order's id. Whole, not a prefix: see orderSearch.
   */
  search?: string;
  /** Part of the reseller's email, in any case, taken literally, as on the admin's other lists. */
  email?: string;
  from?: Date;
  to?: Date;
  ids?: string[];
  /** The admin's manual queue: processing orders that wait for a hand, of the manual category or of a product now fulfilled by hand. */
  awaitingHand?: boolean;
  /** Orders this admin has taken; null for those nobody has. */
  takenBy?: string | null;
  cursor?: string;
  limit: number;
}

/**
 * Orders that an admin fulfils: of the manual category, of a product switched to manual fulfilment, or
 * whose supplier's answer stayed unknown past SUPPLIER_RECONCILE_DEADLINE (a person decides, not a refund).
 */
export function fulfilledByHand(db: DbOrTx): SQL {
  return or(
    eq(orders.type, "manual"),
    inArray(orders.sku, db.select({ sku: products.sku }).from(products).where(eq(products.fulfilment, "manual"))),
    inArray(orders.id, db.select({ id: supplierAttempts.orderId }).from(supplierAttempts).where(isNotNull(supplierAttempts.escalatedAt))),
  )!;
}

/**
 * An equality on lower(reference), which its own index answers, or the order of that id. Not a prefix:
 * statements are prepared, and the plan Postgres keeps for any value of a range or a LIKE guesses that a
 * share of all orders match, so it walks every order backwards by id to fill a page instead of reading
 * the few that do.
 */
function orderSearch(text: string): SQL {
  const reference = sql`lower(${orders.reference}) = lower(${text})`;
  return isIdOf("ord", text) ? or(eq(orders.id, text), reference)! : reference;
}

/**
 * The statement's filter: a reseller's (with their id), or an admin's whose email listOrdersForAdmin may
 * have turned into the ids of the resellers it matches.
 */
export type OrderPageFilter = OrderFilter & { userId?: string; userIds?: string[] };

/**
 * Up to this many resellers, an email filter reads their orders by their ids. Past it the filter is
 * loose (part of a domain many share): their orders are read through a subquery, which a generic plan
 * may answer by walking orders by id, but which leaves none out of the list or its export.
 */
const RESELLERS_BY_ID = 100;

/** The statement of a page of listOrders, one row past the page to tell whether another follows. */
export function orderPageQuery(db: DbOrTx, filter: OrderPageFilter) {
  const conditions: SQL[] = [];
  if (filter.userId !== undefined) conditions.push(eq(orders.userId, filter.userId));
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.type) conditions.push(eq(orders.type, filter.type));
  if (filter.reference) conditions.push(eq(orders.reference, filter.reference));
  if (filter.search) conditions.push(orderSearch(filter.search));
  if (filter.userIds) conditions.push(inArray(orders.userId, filter.userIds.length ? filter.userIds : [""]));
  else if (filter.email) conditions.push(inArray(orders.userId, resellersByEmail(db, filter.email)));
  if (filter.from) conditions.push(gte(orders.createdAt, filter.from));
  if (filter.to) conditions.push(lte(orders.createdAt, filter.to));
  if (filter.ids) conditions.push(inArray(orders.id, filter.ids.length ? filter.ids : [""]));
  if (filter.awaitingHand) {
    conditions.push(eq(orders.status, "processing"));
    conditions.push(fulfilledByHand(db));
  }
  if (filter.takenBy !== undefined) conditions.push(filter.takenBy === null ? isNull(orders.takenBy) : eq(orders.takenBy, filter.takenBy));
  if (filter.cursor) conditions.push(lt(orders.id, filter.cursor));
  return db
    .select()
    .from(orders)
    .where(and(...conditions))
    .orderBy(desc(orders.id))
    .limit(filter.limit + 1);
}

/** A reseller's own orders, newest first; the cursor is the last id of the previous page. */
export async function listResellerOrders(db: DbOrTx, userId: string, filter: ResellerOrderFilter): Promise<Page<Order>> {
  return pageOf(await orderPageQuery(db, { ...filter, userId }), filter.limit);
}

/** Every reseller's orders for an admin, newest first; the cursor is the last id of the previous page. */
export async function listOrdersForAdmin(db: DbOrTx, filter: OrderFilter): Promise<Page<Order>> {
  // The resellers first, then their orders by a list of ids: a subquery of the email match leaves the
  // prepared statement's generic plan free to walk every order by id, testing each one's reseller.
  const userIds = filter.email ? await resellerIdsByEmail(db, filter.email, RESELLERS_BY_ID) : null;
  return pageOf(await orderPageQuery(db, userIds ? { ...filter, userIds } : filter), filter.limit);
}

export interface OrderListItem {
  order: Order;
  reseller: AccountRef;
  /** The admin who has taken the order, if one has. */
  taker: AccountRef | null;
}

/**
 * listOrdersForAdmin with the reseller of each order, and the admin who took it, read in one query per
 * page: the admin's view of every reseller's orders.
 */
export async function listOrdersWithResellers(db: DbOrTx, filter: OrderFilter): Promise<Page<OrderListItem>> {
  const page = await listOrdersForAdmin(db, filter);
  const ids = [...new Set(page.data.flatMap((order) => (order.takenBy ? [order.userId, order.takenBy] : [order.userId])))];
  const people = ids.length ? await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids)) : [];
  const byId = new Map(people.map((person) => [person.id, person]));
  const person = (id: string) => byId.get(id) ?? { id, email: id };
  return {
    data: page.data.map((order) => ({ order, reseller: person(order.userId), taker: order.takenBy ? person(order.takenBy) : null })),
    nextCursor: page.nextCursor,
  };
}

/** One order of this reseller; another reseller's id reads as not found. */
const resellersOrder = preparedQuery((db) =>
  db
    .select()
    .from(orders)
    .where(and(eq(orders.id, sql.placeholder("orderId")), eq(orders.userId, sql.placeholder("userId"))))
    .limit(1)
    .prepare("resellers_order"),
);

export async function getOrder(db: DbOrTx, userId: string, orderId: string): Promise<Order> {
  if (!isIdOf("ord", orderId)) throw notFound("Order");
  const [order] = await resellersOrder(db).execute({ orderId, userId });
  if (!order) throw notFound("Order");
  return order;
}

export async function getOrderForAdmin(db: DbOrTx, orderId: string): Promise<Order> {
  if (!isIdOf("ord", orderId)) throw notFound("Order");
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw notFound("Order");
  return order;
}
