import { and, eq, sum } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "@/lib/accounts/create-user";
import { listProducts } from "@/lib/catalog/list-products";
import { toProductRecord } from "@/lib/catalog/serialize";
import { tierDiscounts } from "@/lib/catalog/tier-discounts";
import type { Database } from "@/lib/db/client";
import { jobs, ledgerEntries, tariffAudit, users, type User } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { AppError } from "@/lib/errors/app-error";
import { runDueJobsOnce } from "@/lib/jobs/worker";
import { adjustBalance } from "@/lib/ledger/adjust-balance";
import "@/lib/orders/fulfil-job";
import { placeOrder } from "@/lib/orders/place-order";
import { testProduct } from "@/lib/orders/testing/helpers";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { listTariffAudit, setResellerTier, updateTariff } from "@/lib/tariffs/manage-tariffs";
import { setSubscriptionClock } from "./clock";
import "./period-end-job";
import { changeSubscriptionAsQuoted, QUOTE_VALID_MS, STALE_QUOTE_MESSAGE } from "./quoted-change";
import { addMonths, effectiveTier, prorate } from "./rules";
import { setAutoRenew } from "./set-auto-renew";
import { getSubscription, quoteChange, renewSubscription, upgradeSubscription } from "./subscription";
import { accountActor } from "@/lib/audit/record";

process.env.SUPPLIER_DELAY ??= "0";

const JAN1 = new Date("2025-01-01T00:00:00.000Z");
const FEB1 = new Date("2025-02-01T00:00:00.000Z");
const quiet = () => {};

describe(`subscriptions (${testDriver()})`, () => {
  let database: Database;
  let admin: User;
  let seq = 0;
  beforeAll(async () => {
    database = await createTestDatabase({ maxConnections: 20 });
    await ensureTariffs(database.db);
    await testProduct(database.db, { sku: "sub-gc-20", category: "giftcard", fulfilment: "supplier", listPrice: 20_000_000n });
    admin = await createUser(database.db, { email: "admin-subs@test.dev", password: "long-enough-password", role: "admin" });
  });
  afterEach(() => setSubscriptionClock(null));
  afterAll(async () => {
    await database.close();
  });

  async function reseller(balance: bigint): Promise<User> {
    seq += 1;
    const user = await createUser(database.db, { email: `sub-${seq}-${Date.now()}@test.dev`, password: "long-enough-password" });
    if (balance > 0n) await adjustBalance(database.db, { userId: user.id, amount: balance, note: "test balance" });
    return user;
  }
  async function fresh(id: string): Promise<User> {
    const [user] = await database.db.select().from(users).where(eq(users.id, id));
    return user;
  }
  async function ledger(id: string) {
    const user = await fresh(id);
    const [row] = await database.db
      .select({ total: sum(ledgerEntries.amount) })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, id));
    const charges = await database.db
      .select({ amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, id), eq(ledgerEntries.type, "subscription")))
      .orderBy(ledgerEntries.id);
    return { balance: user.balance, sum: BigInt(row.total ?? "0"), charges: charges.map((c) => c.amount) };
  }
  /** A Silver subscription for January 2025, bought from Bronze at its start. */
  async function januarySilver(balance: bigint): Promise<User> {
    const user = await reseller(balance);
    await upgradeSubscription(database.db, user.id, "Silver", accountActor(user.id), JAN1);
    return fresh(user.id);
  }

  it("a new reseller is on Bronze, free and never expiring", async () => {
    const user = await reseller(0n);
    const record = await getSubscription(database.db, user.id, new Date("2031-01-01T00:00:00Z"));
    expect(record).toMatchObject({
      tier: "Bronze",
      status: "active",
      current_period_start: null,
      current_period_end: null,
      price: "0.00",
      discounts: {},
      auto_renew: true,
    });
    expect(record.tiers.map((t) => [t.tier, t.price])).toEqual([
      ["Bronze", "0.00"],
      ["Silver", "49.00"],
      ["Gold", "149.00"],
    ]);
  });

  it("catalog prices and order totals follow the tier and the admin's discounts at once", async () => {
    const user = await reseller(500_000_000n);
    const [card] = (await listProducts(database.db, { skus: ["sub-gc-20"] })).data;
    const priceFor = async (u: User) => toProductRecord(card, await tierDiscounts(database.db, effectiveTier(u))).price;
    expect(await priceFor(user)).toBe("20.00");

    await upgradeSubscription(database.db, user.id, "Silver", accountActor(user.id));
    expect(await priceFor(await fresh(user.id))).toBe("19.30"); // Silver giftcard 3.5 %

    await updateTariff(database.db, admin.id, { tier: "Silver", price: "49.00", discounts: { giftcard: "10", topup: "2" } });
    expect(await priceFor(await fresh(user.id))).toBe("18.00");
    const { order } = await placeOrder(database.db, { user: await fresh(user.id), sku: "sub-gc-20", quantity: 2, fields: {}, source: "api" });
    expect(order.total).toBe(36_000_000n);

    await upgradeSubscription(database.db, user.id, "Gold", accountActor(user.id));
    expect(await priceFor(await fresh(user.id))).toBe("18.80"); // Gold giftcard 6 %
    const gold = await placeOrder(database.db, { user: await fresh(user.id), sku: "sub-gc-20", quantity: 1, fields: {}, source: "api" });
    expect(gold.order.total).toBe(18_800_000n);

    // Expired: prices fall back to Bronze although the tier still reads Gold.
    await database.db.update(users).set({ subscriptionStatus: "expired" }).where(eq(users.id, user.id));
    expect(await priceFor(await fresh(user.id))).toBe("20.00");
    const bronze = await placeOrder(database.db, { user: await fresh(user.id), sku: "sub-gc-20", quantity: 1, fields: {}, source: "api" });
    expect(bronze.order.total).toBe(20_000_000n);

    const audit = await listTariffAudit(database.db, { subject: "Silver" });
    expect(audit[0]).toMatchObject({
      kind: "tariff",
      actorId: admin.id,
      actorEmail: admin.email,
      before: { price: "49.00", discounts: expect.objectContaining({ giftcard: "3.5" }) },
      after: { price: "49.00", discounts: { giftcard: "10", topup: "2" } },
    });
    await updateTariff(database.db, admin.id, {
      tier: "Silver",
      price: "49.00",
      discounts: { topup: "2", giftcard: "3.5", gamekey: "3", platformtopup: "1.5", platformgift: "2", messenger_premium: "2", messenger_stars: "2" },
    });
  });

  it("upgrade prorates exactly at the period's start, middle and last second", async () => {
    const cases: [Date, bigint][] = [
      [JAN1, 100_000_000n], // the whole difference
      [new Date("2025-01-11T00:00:00Z"), 67_741_935n], // 100 x 21/31 = 67.741935483...
      [new Date("2025-01-22T00:00:00Z"), 32_258_065n], // 100 x 10/31 = 32.258064516... (half up)
      [new Date("2025-01-31T23:59:59Z"), 37n], // 100 x 1 s / 2_678_400 s = 0.0000373...
    ];
    for (const [at, expected] of cases) {
      const user = await januarySilver(200_000_000n);
      const quote = await quoteChange(database.db, user, "upgrade", "Gold", at);
      expect(quote).toEqual({ charge: expected, error: null });
      const { charged, record } = await upgradeSubscription(database.db, user.id, "Gold", accountActor(user.id), at);
      expect(charged).toBe(expected);
      expect(record).toMatchObject({
        tier: "Gold",
        status: "active",
        current_period_start: JAN1.toISOString(),
        current_period_end: FEB1.toISOString(),
        price: "149.00",
      });
      expect(await ledger(user.id)).toEqual({
        balance: 200_000_000n - 49_000_000n - expected,
        sum: 200_000_000n - 49_000_000n - expected,
        charges: [-49_000_000n, -expected],
      });
    }
  });

  it("a change confirmed on a quote is charged at the quote's moment, and refused uncharged once the quote is older than its window", async () => {
    const user = await januarySilver(200_000_000n);
    const quotedAt = Date.parse("2025-01-11T00:00:00Z");
    const quote = await quoteChange(database.db, user, "upgrade", "Gold", new Date(quotedAt));
    await expect(
      changeSubscriptionAsQuoted(database.db, user.id, { action: "upgrade", tier: "Gold", quotedAt }, accountActor(user.id), quotedAt + QUOTE_VALID_MS + 1),
    ).rejects.toMatchObject({
      code: "validation_error",
      message: STALE_QUOTE_MESSAGE,
    });
    expect((await ledger(user.id)).charges).toEqual([-49_000_000n]);
    // Confirmed nine minutes later, the charge is still the one shown.
    const { charged, record } = await changeSubscriptionAsQuoted(
      database.db,
      user.id,
      { action: "upgrade", tier: "Gold", quotedAt },
      accountActor(user.id),
      quotedAt + 9 * 60_000,
    );
    expect(charged).toBe(quote.charge);
    expect(charged).toBe(67_741_935n);
    expect(record.tier).toBe("Gold");
  });

  it("upgrade to the same or a lower tier is a validation error; renew to a higher tier too; 402 when short", async () => {
    const user = await januarySilver(100_000_000n);
    const at = new Date("2025-01-10T00:00:00Z");
    for (const [call, code] of [
      [() => upgradeSubscription(database.db, user.id, "Silver", accountActor(user.id), at), "validation_error"],
      [() => upgradeSubscription(database.db, user.id, "Bronze", accountActor(user.id), at), "validation_error"],
      [() => renewSubscription(database.db, user.id, "Gold", accountActor(user.id), at), "validation_error"],
      [() => upgradeSubscription(database.db, user.id, "Platinum" as never, accountActor(user.id), at), "validation_error"],
    ] as const) {
      await expect(call()).rejects.toMatchObject({ code });
    }
    const poor = await reseller(10_000_000n);
    const error = await upgradeSubscription(database.db, poor.id, "Gold", accountActor(poor.id)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("insufficient_balance");
    expect(await fresh(poor.id)).toMatchObject({ tier: "Bronze", balance: 10_000_000n });
    expect((await ledger(user.id)).charges).toEqual([-49_000_000n]);
  });

  it("renew pays the next month once, extends the period, and a lower tier applies from the period's end", async () => {
    const user = await januarySilver(300_000_000n);
    const mid = new Date("2025-01-15T00:00:00Z");
    const first = await renewSubscription(database.db, user.id, undefined, accountActor(user.id), mid);
    expect(first.charged).toBe(49_000_000n);
    expect(first.record).toMatchObject({ tier: "Silver", current_period_end: addMonths(FEB1).toISOString(), next_period_paid: true, pending_tier: null });
    const again = await renewSubscription(database.db, user.id, undefined, accountActor(user.id), mid);
    expect(again.charged).toBe(0n);

    const gold = await januarySilver(300_000_000n);
    await upgradeSubscription(database.db, gold.id, "Gold", accountActor(gold.id), JAN1);
    const down = await renewSubscription(database.db, gold.id, "Silver", accountActor(gold.id), mid);
    expect(down.charged).toBe(49_000_000n);
    expect(down.record).toMatchObject({
      tier: "Gold",
      pending_tier: "Silver",
      pending_from: FEB1.toISOString(),
      effective_tier: "Gold",
      current_period_end: addMonths(FEB1).toISOString(),
    });
    const feb = await getSubscription(database.db, gold.id, new Date("2025-02-10T00:00:00Z"));
    expect(feb).toMatchObject({
      tier: "Silver",
      status: "active",
      current_period_start: FEB1.toISOString(),
      current_period_end: addMonths(FEB1).toISOString(),
      price: "49.00",
    });

    const bronze = await januarySilver(100_000_000n);
    const toBronze = await renewSubscription(database.db, bronze.id, "Bronze", accountActor(bronze.id), mid);
    expect(toBronze.charged).toBe(0n);
    expect(toBronze.record).toMatchObject({ tier: "Silver", pending_tier: "Bronze" });
    expect(await getSubscription(database.db, bronze.id, FEB1)).toMatchObject({ tier: "Bronze", status: "active", current_period_end: null });
  });

  it("two renew calls at once for the same period charge once", async () => {
    const user = await januarySilver(500_000_000n);
    const mid = new Date("2025-01-20T00:00:00Z");
    const results = await Promise.all([1, 2, 3].map(() => renewSubscription(database.db, user.id, undefined, accountActor(user.id), mid)));
    expect(results.map((r) => r.charged).sort()).toEqual([0n, 0n, 49_000_000n]);
    const state = await ledger(user.id);
    expect(state.charges).toEqual([-49_000_000n, -49_000_000n]);
    expect(state.balance).toBe(state.sum);
    expect(await fresh(user.id)).toMatchObject({ tier: "Silver", periodEnd: FEB1, nextTier: "Silver" });
  });

  it("renew and upgrade racing leave a consistent tier, period and ledger", async () => {
    const at = new Date("2025-01-11T00:00:00Z");
    const user = await januarySilver(500_000_000n);
    const settled = await Promise.allSettled([
      renewSubscription(database.db, user.id, undefined, accountActor(user.id), at),
      upgradeSubscription(database.db, user.id, "Gold", accountActor(user.id), at),
    ]);
    expect(settled.map((s) => s.status)).toEqual(["fulfilled", "fulfilled"]);
    // Either order costs the same: the prorated January difference plus a Gold February.
    const state = await ledger(user.id);
    const spent = -state.charges.reduce((a, b) => a + b, 0n);
    expect(spent).toBe(49_000_000n + prorate(100_000_000n, 21n * 86_400_000n, 31n * 86_400_000n) + 149_000_000n);
    expect(state.balance).toBe(state.sum);
    expect(await fresh(user.id)).toMatchObject({ tier: "Gold", nextTier: "Gold", periodStart: JAN1, periodEnd: FEB1, subscriptionStatus: "active" });
  });

  it("the worker renews an auto-renewing subscription at its end from the balance, or lets it expire", async () => {
    // Periods that ended an hour ago by the real clock, so their jobs are due; the worker's clock is moved to just after.
    const start = new Date(Date.now() - 3_600_000);
    start.setUTCMonth(start.getUTCMonth() - 1);
    const rich = await reseller(100_000_000n);
    const poor = await reseller(60_000_000n);
    const off = await reseller(100_000_000n);
    for (const u of [rich, poor, off]) await upgradeSubscription(database.db, u.id, "Silver", accountActor(u.id), start);
    await setAutoRenew(database.db, off.id, false, accountActor(off.id));
    const end = (await fresh(rich.id)).periodEnd!;
    expect(end.getTime()).toBeLessThan(Date.now());
    expect(effectiveTier(await fresh(rich.id), end)).toBe("Bronze"); // not yet settled: unpaid

    setSubscriptionClock(new Date(end.getTime() + 1000));
    while ((await runDueJobsOnce(database.db, "sub-worker", { log: quiet })) > 0);

    expect(await fresh(rich.id)).toMatchObject({
      tier: "Silver",
      subscriptionStatus: "active",
      periodStart: end,
      periodEnd: addMonths(end),
      balance: 2_000_000n,
    });
    expect((await ledger(rich.id)).charges).toEqual([-49_000_000n, -49_000_000n]);
    expect(effectiveTier(await fresh(rich.id), new Date(end.getTime() + 1000))).toBe("Silver");
    const next = await database.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `subscriptions.period-end:${rich.id}:${addMonths(end).toISOString()}`));
    expect(next).toHaveLength(1);

    const expired = await fresh(poor.id);
    expect(expired).toMatchObject({ tier: "Silver", subscriptionStatus: "expired", balance: 11_000_000n });
    expect(effectiveTier(expired, new Date(end.getTime() + 1000))).toBe("Bronze");
    expect(await getSubscription(database.db, poor.id, new Date(end.getTime() + 1000))).toMatchObject({
      status: "expired",
      effective_tier: "Bronze",
      discounts: {},
    });
    expect(await ledger(poor.id)).toMatchObject({ balance: 11_000_000n, sum: 11_000_000n });
    expect(await fresh(off.id)).toMatchObject({ subscriptionStatus: "expired", balance: 51_000_000n });

    // Renewing the expired subscription starts a new month from now at the full price.
    await adjustBalance(database.db, { userId: poor.id, amount: 50_000_000n, note: "top up" });
    const now = new Date();
    const back = await renewSubscription(database.db, poor.id, undefined, accountActor(poor.id), now);
    expect(back.charged).toBe(49_000_000n);
    expect(back.record).toMatchObject({
      tier: "Silver",
      status: "active",
      current_period_start: now.toISOString(),
      current_period_end: addMonths(now).toISOString(),
    });
  });

  it("an admin sets a reseller's tier by hand, recorded", async () => {
    const user = await reseller(0n);
    const now = new Date("2025-03-10T00:00:00Z");
    await setResellerTier(database.db, admin.id, user.id, "Gold", now);
    expect(await fresh(user.id)).toMatchObject({ tier: "Gold", periodStart: now, periodEnd: addMonths(now), balance: 0n });
    const [entry] = await database.db.select().from(tariffAudit).where(eq(tariffAudit.subject, user.id));
    expect(entry).toMatchObject({ kind: "reseller_tier", actorId: admin.id, before: { tier: "Bronze" }, after: { tier: "Gold" } });
  });

  it("a tier set by hand keeps a next month the reseller already paid for, after the free one", async () => {
    const user = await januarySilver(300_000_000n);
    await renewSubscription(database.db, user.id, undefined, accountActor(user.id), new Date("2025-01-15T00:00:00Z"));
    const now = new Date("2025-01-20T00:00:00Z");
    for (const tier of ["Silver", "Gold"] as const) {
      await setResellerTier(database.db, admin.id, user.id, tier, now);
      expect(await getSubscription(database.db, user.id, now)).toMatchObject({
        tier,
        current_period_start: now.toISOString(),
        current_period_end: addMonths(addMonths(now)).toISOString(),
        next_period_paid: true,
      });
    }
    expect(await getSubscription(database.db, user.id, new Date("2025-02-25T00:00:00Z"))).toMatchObject({ tier: "Silver", status: "active", price: "49.00" });
    expect((await ledger(user.id)).charges).toEqual([-49_000_000n, -49_000_000n]);
  });
});
