import { and, count, eq, gte, inArray, isNull, min, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { orders } from "@/lib/db/schema";
import { firstIdAt } from "@/lib/ids/ids";
import type { Micros } from "@/lib/money/money";
import { fulfilledByHand } from "./list-orders";

export interface Sales {
  total: Micros;
  orders: number;
}

/**
 * What resellers bought since `since`, across resellers: orders processing or completed (a failed or
 * refunded order gave its money back). Read through the id, whose time is when the order was placed.
 */
export async function salesSince(db: DbOrTx, since: Date): Promise<Sales> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${orders.total}), 0)::text`, orders: count() })
    .from(orders)
    .where(and(gte(orders.id, firstIdAt("ord", since)), inArray(orders.status, ["processing", "completed"])));
  return { total: BigInt(row.total), orders: row.orders };
}

const DAY_MS = 86_400_000;

/** The admin overview's sales: today's, from midnight UTC, and the last 7 days', today and the 6 whole days before it. */
export async function salesTodayAndWeek(db: DbOrTx, now: Date): Promise<{ today: Sales; week: Sales }> {
  // UTC, so every admin, wherever they are, reads the same day's figure.
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const [today, week] = await Promise.all([salesSince(db, new Date(midnight)), salesSince(db, new Date(midnight - 6 * DAY_MS))]);
  return { today, week };
}

export interface ManualQueueCounts {
  /** Orders waiting for an admin's hand. */
  waiting: number;
  /** Of those, the ones no admin has taken. */
  untaken: number;
  /** When the oldest untaken one was placed. */
  oldestUntakenAt: Date | null;
}

export async function manualQueueCounts(db: DbOrTx): Promise<ManualQueueCounts> {
  const [row] = await db
    .select({
      waiting: count(),
      untaken: sql<number>`(count(*) filter (where ${isNull(orders.takenBy)}))::int`,
      oldestUntakenAt: min(sql<Date>`case when ${isNull(orders.takenBy)} then ${orders.createdAt} end`).mapWith(orders.createdAt),
    })
    .from(orders)
    .where(and(eq(orders.status, "processing"), fulfilledByHand(db)));
  return { waiting: row.waiting, untaken: row.untaken, oldestUntakenAt: row.oldestUntakenAt ?? null };
}
