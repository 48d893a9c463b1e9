import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { notFound } from "@/lib/errors/app-error";
import { loadTariffs, toSubscriptionRecord, type SubscriptionRecord } from "./subscription";

/** Turns renewal from the balance at the end of each subscription period on or off; answers the whole subscription. */
export async function setAutoRenew(db: DbOrTx, userId: string, enabled: boolean, now: Date = new Date()): Promise<SubscriptionRecord> {
  const [row] = await db.update(users).set({ autoRenew: enabled }).where(eq(users.id, userId)).returning();
  if (!row) throw notFound("Account");
  return toSubscriptionRecord(row, await loadTariffs(db), now);
}
