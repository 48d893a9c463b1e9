import { and, eq, gte, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { orders } from "@/lib/db/schema";

/** A reseller's spend per UTC day over the last `days` days, oldest first, with zero days filled in. */
export async function dailySpend(db: DbOrTx, userId: string, days = 30, now = new Date()): Promise<{ day: string; total: bigint }[]> {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
  const day = sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, total: sql<string>`sum(${orders.total})` })
    .from(orders)
    .where(and(eq(orders.userId, userId), gte(orders.createdAt, start), inArray(orders.status, ["processing", "completed"])))
    .groupBy(day);
  const byDay = new Map(rows.map((r) => [r.day, BigInt(r.total)]));
  return Array.from({ length: days }, (_, i) => {
    const key = new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    return { day: key, total: byDay.get(key) ?? 0n };
  });
}
