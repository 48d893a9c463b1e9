import type { DbOrTx } from "@/lib/db/client";
import { TIERS, type Tier, type User } from "@/lib/db/schema";
import { formatMoney } from "@/lib/money/money";
import { loadTariffs, quoteChange, toSubscriptionRecord, type SubscriptionRecord } from "./subscription";

export interface TierQuote {
  /** What renewing at this tier would charge now, or null where renew does not apply. */
  renew: string | null;
  upgrade: string | null;
}

/** The Subscription page's data: the record and, per tier, the exact charges the same planners as the API compute. */
export async function subscriptionPageData(db: DbOrTx, user: User, now: Date = new Date()) {
  const record = toSubscriptionRecord(user, await loadTariffs(db), now);
  const quotes = {} as Record<Tier, TierQuote>;
  for (const tier of TIERS) {
    const [renew, upgrade] = await Promise.all([quoteChange(db, user, "renew", tier, now), quoteChange(db, user, "upgrade", tier, now)]);
    quotes[tier] = { renew: renew.error ? null : formatMoney(renew.charge), upgrade: upgrade.error ? null : formatMoney(upgrade.charge) };
  }
  return { record, quotes, now };
}

/** Whole days until the end of paid time (rounded up), or null without a period. */
export function daysLeft(record: Pick<SubscriptionRecord, "current_period_end" | "status">, now: Date = new Date()): number | null {
  if (!record.current_period_end || record.status !== "active") return null;
  return Math.max(0, Math.ceil((Date.parse(record.current_period_end) - now.getTime()) / 86_400_000));
}
