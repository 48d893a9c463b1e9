import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { recordAudit, type AuditActor } from "@/lib/audit/record";
import { notFound } from "@/lib/errors/app-error";
import { loadTariffs, toSubscriptionRecord, type SubscriptionRecord } from "./subscription";

/** Turns renewal from the balance at the end of each subscription period on or off; answers the whole subscription. */
export async function setAutoRenew(db: DbOrTx, userId: string, enabled: boolean, actor: AuditActor, now: Date = new Date()): Promise<SubscriptionRecord> {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(users).set({ autoRenew: enabled }).where(eq(users.id, userId)).returning();
    if (!row) throw notFound("Account");
    await recordAudit(tx, { accountId: userId, actor, action: "subscription.changed", details: { change: "auto_renew", auto_renew: enabled } });
    return toSubscriptionRecord(row, await loadTariffs(tx), now);
  });
}
