import { desc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { orderActivity, users, type OrderActivity, type OrderActivityAction } from "@/lib/db/schema";
import { newId } from "@/lib/ids/ids";

/** Called inside the transaction of the change it records, once the change has happened. */
export async function recordOrderActivity(
  tx: DbOrTx,
  entry: { orderId: string; adminId: string; action: OrderActivityAction; detail?: string | null },
): Promise<void> {
  await tx
    .insert(orderActivity)
    .values({ id: newId("act"), orderId: entry.orderId, adminId: entry.adminId, action: entry.action, detail: entry.detail ?? null });
}

export interface OrderActivityLine extends OrderActivity {
  adminEmail: string;
}

/** The most an order page shows: admins passing an order back and forth should not make it endless. */
export const ACTIVITY_WINDOW = 50;

/** An order's activity, newest first, naming each admin; `more` when older lines were left out. */
export async function listOrderActivity(db: DbOrTx, orderId: string): Promise<{ lines: OrderActivityLine[]; more: boolean }> {
  const rows = await db
    .select({ entry: orderActivity, adminEmail: users.email })
    .from(orderActivity)
    .innerJoin(users, eq(users.id, orderActivity.adminId))
    .where(eq(orderActivity.orderId, orderId))
    // Ids sort by creation within a process; they order lines written in the same millisecond.
    .orderBy(desc(orderActivity.createdAt), desc(orderActivity.id))
    .limit(ACTIVITY_WINDOW + 1);
  return { lines: rows.slice(0, ACTIVITY_WINDOW).map((row) => ({ ...row.entry, adminEmail: row.adminEmail })), more: rows.length > ACTIVITY_WINDOW };
}
