/*
 * What must hold after every fault, read straight from the database in one snapshot: money (each
 * balance is the sum of its ledger, each order has its charge and each charge its order), stock (no
 * code in two orders, each completed stock order holds as many codes as it sold) and progress (no
 * order left in processing).
 */
import type postgres from "postgres";
import { FAULT_SKUS } from "./shape-data";

export interface Invariants {
  balanceMismatches: { id: string; balance: string; ledger: string }[];
  codesInTwoOrders: number;
  stockOrdersWithWrongCodeCount: number;
  ordersWithoutCharge: number;
  chargesWithoutOrder: number;
  processing: number;
  orders: number;
}

export async function readInvariants(sql: postgres.Sql, resellerIds: string[]): Promise<Invariants> {
  return sql.begin("isolation level repeatable read read only", async (tx) => {
    const balanceMismatches = await tx<{ id: string; balance: string; ledger: string }[]>`
      select u.id, u.balance::text as balance, coalesce(sum(l.amount), 0)::text as ledger
      from users u left join ledger_entries l on l.user_id = u.id
      where u.id = any(${resellerIds}) group by u.id, u.balance
      having u.balance <> coalesce(sum(l.amount), 0)`;
    const [codes] = await tx`
      select count(*)::int as n from (
        select code_hash from stock_codes where order_id is not null group by code_hash having count(distinct order_id) > 1) twice`;
    const [wrongCount] = await tx`
      select count(*)::int as n from orders o
      where o.sku = ${FAULT_SKUS.stock} and o.status = 'completed'
        and o.quantity <> (select count(*) from stock_codes s where s.order_id = o.id)`;
    const [uncharged] = await tx`
      select count(*)::int as n from orders o
      where not exists (select 1 from ledger_entries l where l.order_id = o.id and l.type = 'order')`;
    const [orphanCharges] = await tx`
      select count(*)::int as n from ledger_entries l
      where l.type = 'order' and not exists (select 1 from orders o where o.id = l.order_id)`;
    const [states] = await tx`
      select count(*) filter (where status = 'processing')::int as processing, count(*)::int as orders from orders`;
    return {
      balanceMismatches: [...balanceMismatches],
      codesInTwoOrders: codes.n,
      stockOrdersWithWrongCodeCount: wrongCount.n,
      ordersWithoutCharge: uncharged.n,
      chargesWithoutOrder: orphanCharges.n,
      processing: states.processing,
      orders: states.orders,
    };
  });
}

/** The ids of the events the app recorded for a reseller (since a time), which its receiver must all have accepted. */
export async function eventIdsOf(sql: postgres.Sql, userId: string, since = new Date(0)): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`select id::text as id from events where user_id = ${userId} and created_at >= ${since}`;
  return rows.map((row) => row.id);
}

/** The events of a reseller that the delivery log records as delivered (a succeeded attempt). */
export async function eventsRecordedDelivered(sql: postgres.Sql, userId: string): Promise<Set<string>> {
  const rows = await sql<{ id: string }[]>`select distinct event_id::text as id from webhook_deliveries where user_id = ${userId} and status = 'succeeded'`;
  return new Set(rows.map((row) => row.id));
}

/** Orders still processing among these. */
export async function stillProcessing(sql: postgres.Sql, orderIds: string[]): Promise<number> {
  const [row] = await sql`select count(*)::int as n from orders where id = any(${orderIds}) and status = 'processing'`;
  return row.n;
}

/** The orders whose fulfilment jobs a worker process holds claimed right now. */
export async function fulfilmentClaimedBy(sql: postgres.Sql, pid: number): Promise<string[]> {
  const rows = await sql<{ order_id: string }[]>`
    select payload->>'orderId' as order_id from jobs
    where status = 'running' and kind = 'order.fulfil' and locked_by like ${`%:${pid}:%`}`;
  return rows.map((row) => row.order_id);
}

/** All jobs a worker process holds claimed right now, of any kind. */
export async function jobsClaimedBy(sql: postgres.Sql, pid: number): Promise<number> {
  const [row] = await sql`select count(*)::int as n from jobs where status = 'running' and locked_by like ${`%:${pid}:%`}`;
  return row.n;
}
