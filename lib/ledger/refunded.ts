import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { ledgerEntries } from "@/lib/db/schema";

/**
 * What refunds have returned of an order's charge so far: a claim's partial refunds, and an admin's
 * refund of the rest. Read under the order's row lock, so two refunds cannot both see the same rest.
 */
export async function refundedSoFar(db: DbOrTx, orderId: string): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.type, "refund")));
  return BigInt(row.total);
}
