import { registerJobHandler } from "@/lib/jobs/registry";
import { subscriptionNow } from "./clock";
import { PERIOD_END_JOB, remindRenewal, RENEWAL_REMINDER_JOB, settleSubscription } from "./subscription";

/**
 * At a period's end: roll into a paid next month, apply a pending downgrade, renew from the balance
 * (auto-renew, one `subscription` transaction) or expire. Settling schedules the next period's job.
 * A job that runs before the end (clock skew) comes back at the end.
 */
registerJobHandler(PERIOD_END_JOB, async (job, { db }) => {
  const userId = String((job.payload as { userId?: unknown }).userId ?? "");
  if (!userId) return;
  const now = subscriptionNow();
  const user = await settleSubscription(db, userId, now);
  if (user.subscriptionStatus === "active" && user.periodEnd && user.periodEnd > now && job.runAt >= user.periodEnd) {
    return { retryInMs: Math.max(1000, user.periodEnd.getTime() - now.getTime()) };
  }
});

registerJobHandler(RENEWAL_REMINDER_JOB, async (job, { db }) => {
  const { userId, periodEnd } = job.payload as { userId?: unknown; periodEnd?: unknown };
  if (typeof userId === "string" && typeof periodEnd === "string") await remindRenewal(db, userId, periodEnd);
});
