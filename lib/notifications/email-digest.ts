import { and, asc, eq, inArray, max } from "drizzle-orm";
import type { Db, DbOrTx } from "@/lib/db/client";
import { notifications, users } from "@/lib/db/schema";
import { enqueueJob } from "@/lib/jobs/queue";
import { sendNotificationEmail } from "./send-email";

export const EMAIL_DIGEST_JOB = "notifications.email-digest";
/** How long the first notification waits, so that the rest of a burst goes in the same email. */
export const FIRST_EMAIL_DELAY_MS = 30_000;
/** At most one email per reseller this often: a burst that lasts longer goes out as a second digest. */
export const MIN_EMAIL_GAP_MS = 5 * 60_000;

const digestKey = (userId: string) => `notification-email:${userId}`;

/** Queues the reseller's digest unless one is already waiting, which then takes this notification too. */
export async function scheduleEmailDigest(tx: DbOrTx, userId: string): Promise<void> {
  await enqueueJob(tx, { kind: EMAIL_DIGEST_JOB, payload: { userId }, runAt: new Date(Date.now() + FIRST_EMAIL_DELAY_MS), dedupeKey: digestKey(userId) });
}

/**
 * Sends everything waiting for the reseller as one email, queued in the transaction that marks them
 * sent, so a crash sends them again rather than never. Within MIN_EMAIL_GAP_MS of the last email it
 * asks to run again once the gap is over.
 */
export async function sendEmailDigest(db: Db, userId: string, now = new Date()): Promise<{ retryInMs: number } | void> {
  return db.transaction(async (tx) => {
    const [last] = await tx
      .select({ at: max(notifications.emailedAt) })
      .from(notifications)
      .where(eq(notifications.userId, userId));
    const since = last?.at ? now.getTime() - last.at.getTime() : Infinity;
    if (since < MIN_EMAIL_GAP_MS) return { retryInMs: MIN_EMAIL_GAP_MS - since };
    const pending = await tx
      .select({ id: notifications.id, title: notifications.title, body: notifications.body, link: notifications.link, createdAt: notifications.createdAt })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.emailPending, true)))
      .orderBy(asc(notifications.createdAt), asc(notifications.id))
      .for("update");
    if (pending.length === 0) return;
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!user) return;
    await tx
      .update(notifications)
      .set({ emailPending: false, emailedAt: now })
      .where(
        inArray(
          notifications.id,
          pending.map((n) => n.id),
        ),
      );
    await sendNotificationEmail(tx, user.email, pending);
  });
}
