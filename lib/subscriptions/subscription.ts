import { recordAudit, type AuditActor } from "@/lib/audit/record";
import { asc, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/lib/db/client";
import { tariffs, TIERS, users, type CategoryDiscounts, type Tier, type User } from "@/lib/db/schema";
import { AppError, notFound, validationError } from "@/lib/errors/app-error";
import { enqueueJob } from "@/lib/jobs/queue";
import { postLedgerEntry } from "@/lib/ledger/post-entry";
import { notify } from "@/lib/notifications/notify";
import { formatMoney } from "@/lib/money/money";
import { addMonths, LOWEST_TIER, prorate, subscriptionView, TIER_RANK, type SubscriptionView } from "./rules";

export const PERIOD_END_JOB = "subscriptions.period-end";

export interface TariffPrice {
  tier: Tier;
  price: bigint;
  discounts: CategoryDiscounts;
}
export type TariffTable = Record<Tier, TariffPrice>;

/** The tariffs as they are now (admin changes apply at once). */
export async function loadTariffs(db: DbOrTx): Promise<TariffTable> {
  const rows = await db.select().from(tariffs).orderBy(asc(tariffs.rank));
  const table = {} as TariffTable;
  for (const tier of TIERS) table[tier] = { tier, price: 0n, discounts: {} };
  for (const row of rows) table[row.tier] = { tier: row.tier, price: row.monthlyPrice, discounts: row.discounts };
  return table;
}

export interface SubscriptionRecord {
  tier: Tier;
  status: "active" | "expired";
  current_period_start: string | null;
  current_period_end: string | null;
  auto_renew: boolean;
  price: string;
  discounts: CategoryDiscounts;
  effective_tier: Tier;
  pending_tier: Tier | null;
  pending_from: string | null;
  next_period_paid: boolean;
  tiers: { tier: Tier; price: string; discounts: CategoryDiscounts }[];
}

/** The end of paid time: the current month's end, or a month later when the next month is paid. */
function paidUntil(view: SubscriptionView): Date | null {
  if (!view.periodEnd) return null;
  return view.nextTier && view.nextTier !== LOWEST_TIER ? addMonths(view.periodEnd) : view.periodEnd;
}

/** The API record. `discounts` are the ones prices follow now (Bronze's once expired); `price` is the tier's monthly price. */
export function toSubscriptionRecord(user: User, table: TariffTable, now: Date = new Date()): SubscriptionRecord {
  const view = subscriptionView(user, now);
  const end = paidUntil(view);
  return {
    tier: view.tier,
    status: view.status,
    current_period_start: view.periodStart?.toISOString() ?? null,
    current_period_end: end?.toISOString() ?? null,
    auto_renew: user.autoRenew,
    price: formatMoney(table[view.tier].price),
    discounts: table[view.effectiveTier].discounts,
    effective_tier: view.effectiveTier,
    pending_tier: view.nextTier && view.nextTier !== view.tier ? view.nextTier : null,
    pending_from: view.nextTier && view.nextTier !== view.tier ? (view.periodEnd?.toISOString() ?? null) : null,
    next_period_paid: Boolean(view.nextTier && view.nextTier !== LOWEST_TIER),
    tiers: TIERS.map((tier) => ({ tier, price: formatMoney(table[tier].price), discounts: table[tier].discounts })),
  };
}

export async function getSubscription(db: DbOrTx, userId: string, now: Date = new Date()): Promise<SubscriptionRecord> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound("Account");
  return toSubscriptionRecord(user, await loadTariffs(db), now);
}

type SubscriptionChanges = Partial<Pick<User, "tier" | "periodStart" | "periodEnd" | "nextTier" | "subscriptionStatus">>;

export interface Plan {
  /** Micro-dollars to charge (0: nothing is charged and no transaction is written). */
  charge: bigint;
  description: string;
  changes: SubscriptionChanges | null;
}

const day = (d: Date) => d.toISOString().slice(0, 10);
const isTier = (value: string): value is Tier => (TIERS as readonly string[]).includes(value);
const tierIssue = (message: string) => validationError([{ path: "tier", message }]);

function startNewPeriod(target: Tier, table: TariffTable, now: Date): Plan {
  const end = addMonths(now);
  return {
    charge: table[target].price,
    description: `${target} subscription ${day(now)} to ${day(end)}`,
    changes: { tier: target, subscriptionStatus: "active", periodStart: now, periodEnd: end, nextTier: null },
  };
}

/**
 * Renew: on an active Silver/Gold subscription, pays the next month (at the current or a lower tier,
 * which applies from the current period's end) and extends the period by one month; a month already
 * paid makes it a no-op (idempotent per period). Naming Bronze schedules the downgrade, charging nothing.
 * On Bronze or an expired subscription, a named paid tier starts a new month now at its full price.
 */
export function planRenew(view: SubscriptionView, requested: Tier | undefined, table: TariffTable, now: Date): Plan {
  if (requested !== undefined && !isTier(requested)) throw tierIssue(`Unknown tier. Use one of ${TIERS.join(", ")}.`);
  const target = requested ?? view.tier;
  const active = view.status === "active" && view.tier !== LOWEST_TIER && view.periodEnd;
  if (!active) {
    if (target === LOWEST_TIER) {
      return {
        charge: 0n,
        description: "",
        changes:
          view.tier === LOWEST_TIER && view.status === "active"
            ? null
            : { tier: LOWEST_TIER, subscriptionStatus: "active", periodStart: null, periodEnd: null, nextTier: null },
      };
    }
    return startNewPeriod(target, table, now);
  }
  if (TIER_RANK[target] > TIER_RANK[view.tier]) throw tierIssue(`${target} is above your ${view.tier} tier: upgrade to move up.`);
  if (view.nextTier && view.nextTier !== LOWEST_TIER) return { charge: 0n, description: "", changes: null };
  const end = view.periodEnd!;
  if (target === LOWEST_TIER) return { charge: 0n, description: "", changes: { nextTier: LOWEST_TIER } };
  return {
    charge: table[target].price,
    description: `${target} subscription ${day(end)} to ${day(addMonths(end))}`,
    changes: { nextTier: target },
  };
}

/**
 * Upgrade: to a tier above the current one, at once. On an active subscription it charges, for the
 * current month and for an already paid next month, (target price - paid tier's price) x remaining ms
 * / that month's length in ms, each rounded half up to the micro-dollar (see `prorate`). From Bronze or
 * an expired subscription there is no paid time: a new month starts now at the full price.
 */
export function planUpgrade(view: SubscriptionView, requested: string, table: TariffTable, now: Date): Plan {
  if (!isTier(requested)) throw tierIssue(`Unknown tier. Use one of ${TIERS.join(", ")}.`);
  const target = requested;
  if (TIER_RANK[target] <= TIER_RANK[view.effectiveTier]) {
    throw tierIssue(`Upgrade needs a tier above ${view.effectiveTier}. To move down, renew with the lower tier.`);
  }
  if (view.status !== "active" || view.tier === LOWEST_TIER || !view.periodEnd || !view.periodStart) return startNewPeriod(target, table, now);
  const start = view.periodStart;
  const end = view.periodEnd;
  let charge = prorate(table[target].price - table[view.tier].price, BigInt(end.getTime() - now.getTime()), BigInt(end.getTime() - start.getTime()));
  const changes: SubscriptionChanges = { tier: target };
  if (view.nextTier && view.nextTier !== LOWEST_TIER && TIER_RANK[view.nextTier] < TIER_RANK[target]) {
    const nextLength = BigInt(addMonths(end).getTime() - end.getTime());
    charge += prorate(table[target].price - table[view.nextTier].price, nextLength, nextLength);
    changes.nextTier = target;
  }
  return { charge, description: `Upgrade ${view.tier} to ${target} until ${day(paidUntil(view)!)} (prorated)`, changes };
}

async function lockUser(tx: DbOrTx, userId: string): Promise<User> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
  if (!user) throw notFound("Account");
  return user;
}

async function update(tx: DbOrTx, userId: string, changes: SubscriptionChanges): Promise<User> {
  const tierMayChange = changes.tier !== undefined || changes.subscriptionStatus !== undefined;
  const [user] = await tx
    .update(users)
    .set(tierMayChange ? { ...changes, tierChangedAt: sql`now()` } : changes)
    .where(eq(users.id, userId))
    .returning();
  return user;
}

/** The worker job that settles the subscription at its period end (renew, roll over or expire). */
export async function schedulePeriodEnd(tx: DbOrTx, user: User): Promise<void> {
  if (user.tier === LOWEST_TIER || user.subscriptionStatus !== "active" || !user.periodEnd) return;
  await enqueueJob(tx, {
    kind: PERIOD_END_JOB,
    payload: { userId: user.id },
    runAt: user.periodEnd,
    dedupeKey: `${PERIOD_END_JOB}:${user.id}:${user.periodEnd.toISOString()}`,
  });
  await enqueueJob(tx, {
    kind: RENEWAL_REMINDER_JOB,
    payload: { userId: user.id, periodEnd: user.periodEnd.toISOString() },
    runAt: new Date(user.periodEnd.getTime() - RENEWAL_REMINDER_BEFORE_MS),
    dedupeKey: `${RENEWAL_REMINDER_JOB}:${user.id}:${user.periodEnd.toISOString()}`,
  });
}

export const RENEWAL_REMINDER_JOB = "subscription.renewal-reminder";
const RENEWAL_REMINDER_BEFORE_MS = 3 * 24 * 60 * 60_000;

/**
 * Three days before a period's end, tells the reseller what the renewal will take from the balance;
 * nothing when the month will not renew from it (auto-renew off, a downgrade or a paid change decided).
 */
export async function remindRenewal(db: Db, userId: string, periodEnd: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    if (!user || user.subscriptionStatus !== "active" || !user.autoRenew || user.nextTier || user.periodEnd?.toISOString() !== periodEnd) return;
    const price = (await loadTariffs(tx))[user.tier].price;
    if (price > 0n) await notify(tx, { userId, kind: "subscription_renews_soon", tier: user.tier, amount: price, renewsAt: user.periodEnd });
  });
}

/**
 * Brings a locked user's stored subscription up to `now`: a passed period end rolls into the paid
 * next month, applies a pending downgrade, renews from the balance (auto-renew) or expires. Writes.
 */
export async function settleLocked(tx: DbOrTx, locked: User, table: TariffTable, now: Date): Promise<User> {
  let user = locked;
  for (let step = 0; step < 4; step += 1) {
    if (user.tier === LOWEST_TIER) {
      if (user.periodStart || user.periodEnd || user.nextTier || user.subscriptionStatus !== "active") {
        user = await update(tx, user.id, { periodStart: null, periodEnd: null, nextTier: null, subscriptionStatus: "active" });
      }
      return user;
    }
    if (user.subscriptionStatus === "expired" || !user.periodEnd || now < user.periodEnd) return user;
    const end = user.periodEnd;
    if (user.nextTier === LOWEST_TIER) {
      user = await update(tx, user.id, { tier: LOWEST_TIER, periodStart: null, periodEnd: null, nextTier: null });
      continue;
    }
    if (user.nextTier) {
      user = await update(tx, user.id, { tier: user.nextTier, periodStart: end, periodEnd: addMonths(end), nextTier: null });
      await schedulePeriodEnd(tx, user);
      continue;
    }
    // A month that would already be over again (the worker was down) restarts from now, charged once.
    const start = addMonths(end) > now ? end : now;
    const price = table[user.tier].price;
    if (user.autoRenew) {
      try {
        if (price > 0n) {
          await postLedgerEntry(tx, {
            userId: user.id,
            type: "subscription",
            amount: -price,
            description: `${user.tier} subscription ${day(start)} to ${day(addMonths(start))} (auto-renew)`,
          });
        }
        user = await update(tx, user.id, { periodStart: start, periodEnd: addMonths(start) });
        await schedulePeriodEnd(tx, user);
        continue;
      } catch (error) {
        if (!(error instanceof AppError && error.code === "insufficient_balance")) throw error;
        await notify(tx, { userId: user.id, kind: "subscription_renewal_failed", tier: user.tier, amount: price, balance: user.balance });
      }
    } else await notify(tx, { userId: user.id, kind: "subscription_expired", tier: user.tier });
    user = await update(tx, user.id, { subscriptionStatus: "expired", nextTier: null });
    return user;
  }
  return user;
}

/** Settles one user's subscription at `now` in its own transaction (the worker's entry point). */
export async function settleSubscription(db: Db, userId: string, now: Date = new Date()): Promise<User> {
  return db.transaction(async (tx) => settleLocked(tx, await lockUser(tx, userId), await loadTariffs(tx), now));
}

export interface ChangeResult {
  record: SubscriptionRecord;
  /** What this call charged, in micro-dollars (0 when nothing was due, or the period was already paid). */
  charged: bigint;
}

/**
 * The one path every change takes: lock the user row (so concurrent renews and upgrades serialize),
 * settle it to `now`, plan against the settled state, charge and write in the same transaction.
 */
async function change(
  db: Db,
  userId: string,
  audit: { actor: AuditActor; change: "renew" | "upgrade"; tier?: Tier },
  now: Date,
  plan: (view: SubscriptionView, table: TariffTable) => Plan,
): Promise<ChangeResult> {
  return db.transaction(async (tx) => {
    const table = await loadTariffs(tx);
    let user = await settleLocked(tx, await lockUser(tx, userId), table, now);
    const planned = plan(subscriptionView(user, now), table);
    if (planned.charge > 0n) {
      await postLedgerEntry(tx, { userId, type: "subscription", amount: -planned.charge, description: planned.description });
    }
    if (planned.changes) {
      user = await update(tx, userId, planned.changes);
      await schedulePeriodEnd(tx, user);
    }
    await recordAudit(tx, {
      accountId: userId,
      actor: audit.actor,
      action: "subscription.changed",
      details: { change: audit.change, tier: audit.tier ?? user.tier, charged: formatMoney(planned.charge) },
    });
    return { record: toSubscriptionRecord(user, table, now), charged: planned.charge };
  });
}

export function renewSubscription(db: Db, userId: string, tier: Tier | undefined, actor: AuditActor, now: Date = new Date()): Promise<ChangeResult> {
  return change(db, userId, { actor, change: "renew", tier }, now, (view, table) => planRenew(view, tier, table, now));
}

export function upgradeSubscription(db: Db, userId: string, tier: Tier, actor: AuditActor, now: Date = new Date()): Promise<ChangeResult> {
  return change(db, userId, { actor, change: "upgrade", tier }, now, (view, table) => planUpgrade(view, tier, table, now));
}

export interface Quote {
  charge: bigint;
  error: string | null;
}

/** What renew or upgrade would charge at `now`, from the same planner the change uses (for confirmations). */
export async function quoteChange(db: DbOrTx, user: User, action: "renew" | "upgrade", tier: Tier | undefined, now: Date = new Date()): Promise<Quote> {
  const table = await loadTariffs(db);
  const view = subscriptionView(user, now);
  try {
    const plan = action === "renew" ? planRenew(view, tier, table, now) : planUpgrade(view, tier ?? view.tier, table, now);
    return { charge: plan.charge, error: null };
  } catch (error) {
    if (error instanceof AppError) return { charge: 0n, error: error.message };
    throw error;
  }
}
