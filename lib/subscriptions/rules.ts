import type { SubscriptionStatus, Tier, User } from "@/lib/db/schema";

/**
 * The pure rules of subscriptions: calendar months, proration, and what a stored subscription means
 * at a given moment. Every function takes `now`, so tests move time by passing a date.
 *
 * Model: Bronze is free and never expires (no period). Silver and Gold are bought a calendar month at a
 * time: [period_start, period_end). `next_tier` records an already decided next month: a paid renewal
 * (Silver/Gold) or a downgrade to Bronze chosen at renewal. When period_end passes without a decided
 * next month, the worker renews from the balance (auto-renew) or the subscription expires, and prices
 * fall back to Bronze until the reseller renews or upgrades.
 */

export const TIER_RANK: Record<Tier, number> = { Bronze: 1, Silver: 2, Gold: 3 };
export const LOWEST_TIER: Tier = "Bronze";

/** One calendar month later in UTC; the day is clamped to the month's last day (Jan 31 -> Feb 28/29). */
export function addMonths(date: Date, months = 1): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/**
 * The prorated part of a monthly price difference: difference x remaining ms / period length ms,
 * rounded half up to the micro-dollar. Integer arithmetic only. Negative or empty inputs charge 0.
 */
export function prorate(monthlyDifference: bigint, remainingMs: bigint, periodLengthMs: bigint): bigint {
  if (monthlyDifference <= 0n || remainingMs <= 0n || periodLengthMs <= 0n) return 0n;
  const remaining = remainingMs > periodLengthMs ? periodLengthMs : remainingMs;
  return (monthlyDifference * remaining * 2n + periodLengthMs) / (2n * periodLengthMs);
}

export type SubscriptionFields = Pick<User, "tier" | "periodStart" | "periodEnd" | "nextTier" | "subscriptionStatus">;

export interface SubscriptionView {
  /** The subscribed tier (an expired Silver still reads Silver: renewing buys Silver again). */
  tier: Tier;
  /** The tier prices follow now: the subscribed tier while active, Bronze once expired. */
  effectiveTier: Tier;
  status: SubscriptionStatus;
  /** The current paid month, null on Bronze. */
  periodStart: Date | null;
  periodEnd: Date | null;
  /** The decided next month: a paid renewal or a pending downgrade; null while open. */
  nextTier: Tier | null;
}

/** The stored month as it stands. A whole literal, not `{ ...base, status }`: see answerHeaders in lib/api/answer.ts. */
function storedView(user: SubscriptionFields, effectiveTier: Tier, status: SubscriptionStatus, nextTier: Tier | null): SubscriptionView {
  return { tier: user.tier, effectiveTier, status, periodStart: user.periodStart, periodEnd: user.periodEnd, nextTier };
}

/**
 * What the stored subscription means at `now`, without writing: a passed period end whose next month
 * was paid reads as that month; one the worker has not settled yet reads as expired (not paid).
 */
export function subscriptionView(user: SubscriptionFields, now: Date = new Date()): SubscriptionView {
  const bronze: SubscriptionView = { tier: LOWEST_TIER, effectiveTier: LOWEST_TIER, status: "active", periodStart: null, periodEnd: null, nextTier: null };
  if (user.tier === LOWEST_TIER) return bronze;
  if (user.subscriptionStatus === "expired") return storedView(user, LOWEST_TIER, "expired", user.nextTier);
  if (!user.periodEnd || now < user.periodEnd) return storedView(user, user.tier, "active", user.nextTier);
  const end = user.periodEnd;
  if (user.nextTier === LOWEST_TIER) return bronze;
  if (user.nextTier && now < addMonths(end)) {
    return { tier: user.nextTier, effectiveTier: user.nextTier, status: "active", periodStart: end, periodEnd: addMonths(end), nextTier: null };
  }
  return storedView(user, LOWEST_TIER, "expired", null);
}

/** The tier whose discounts apply to the user's prices at `now`: Bronze once a subscription expired. */
export function effectiveTier(user: SubscriptionFields, now: Date = new Date()): Tier {
  return subscriptionView(user, now).effectiveTier;
}
