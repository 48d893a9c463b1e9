import type { DbOrTx } from "@/lib/db/client";
import { TIERS, type Tier, type User } from "@/lib/db/schema";
import { formatMoney } from "@/lib/money/money";
import { loadTariffs, quoteChange, toSubscriptionRecord, type SubscriptionRecord } from "./subscription";

/** A change's charge, and what the balance lacks for it (null when it covers the charge). */
export interface ChangeQuote {
  charge: string;
  shortBy: string | null;
}

export interface TierQuote {
  /** What renewing at this tier would charge now, or null where renew does not apply. */
  renew: ChangeQuote | null;
  upgrade: ChangeQuote | null;
}

/** The page offers a top-up, not a payment bound to fail, where the balance cannot cover the charge. */
function changeQuote(charge: bigint, balance: bigint): ChangeQuote {
  return { charge: formatMoney(charge), shortBy: charge > balance ? formatMoney(charge - balance) : null };
}

/** The Subscription page's data: the record and, per tier, the exact charges the same planners as the API compute. */
export async function subscriptionPageData(db: DbOrTx, user: User, now: Date = new Date()) {
  const record = toSubscriptionRecord(user, await loadTariffs(db), now);
  const quotes = {} as Record<Tier, TierQuote>;
  for (const tier of TIERS) {
    const [renew, upgrade] = await Promise.all([quoteChange(db, user, "renew", tier, now), quoteChange(db, user, "upgrade", tier, now)]);
    quotes[tier] = {
      renew: renew.error ? null : changeQuote(renew.charge, user.balance),
      upgrade: upgrade.error ? null : changeQuote(upgrade.charge, user.balance),
    };
  }
  return { record, quotes, now };
}

/** Whole days until the end of paid time (rounded up), or null without a period. */
export function daysLeft(record: Pick<SubscriptionRecord, "current_period_end" | "status">, now: Date = new Date()): number | null {
  if (!record.current_period_end || record.status !== "active") return null;
  return Math.max(0, Math.ceil((Date.parse(record.current_period_end) - now.getTime()) / 86_400_000));
}
