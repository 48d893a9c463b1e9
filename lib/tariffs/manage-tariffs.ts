import { randomUUID } from "node:crypto";
import { asc, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db, DbOrTx } from "@/lib/db/client";
import { PRODUCT_CATEGORIES, tariffAudit, tariffs, TIERS, users, type Tariff, type TariffAuditEntry, type Tier, type User } from "@/lib/db/schema";
import { notFound, validationError } from "@/lib/errors/app-error";
import { formatMoney, parseMoney } from "@/lib/money/money";
import { addMonths, subscriptionView } from "@/lib/subscriptions/rules";
import { schedulePeriodEnd } from "@/lib/subscriptions/subscription";

export async function listTariffs(db: DbOrTx): Promise<Tariff[]> {
  return db.select().from(tariffs).orderBy(asc(tariffs.rank));
}

const percent = z
  .string()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,4})?$/, "A percentage like 3.5 (up to 4 decimals).")
  .refine((v) => Number(v) < 100, "Less than 100: nothing is given away.");

export const tariffInputSchema = z.strictObject({
  tier: z.enum(TIERS),
  price: z
    .string()
    .trim()
    .refine((v) => {
      const micros = parseMoney(v);
      return micros !== null && micros >= 0n && micros <= 1_000_000_000_000n;
    }, "A price in dollars like 49.00, from 0 to 1000000."),
  discounts: z.partialRecord(z.enum(PRODUCT_CATEGORIES), percent),
});
export type TariffInput = z.input<typeof tariffInputSchema>;

/** Normalises "03.50" to "3.5" and drops zero discounts, so before/after compare cleanly. */
function normalisePercent(value: string): string {
  return String(Number(value));
}

/**
 * Sets a tier's monthly price and discounts. Prices read the tariff fresh, so the change applies at
 * once; the audit row (who, when, before, after) is written in the same transaction.
 */
export async function updateTariff(db: Db, actorId: string, input: TariffInput): Promise<Tariff> {
  const parsed = tariffInputSchema.parse(input);
  const price = parseMoney(parsed.price)!;
  const discounts: Record<string, string> = {};
  for (const [category, value] of Object.entries(parsed.discounts)) if (value !== undefined && Number(value) > 0) discounts[category] = normalisePercent(value);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(tariffs).where(eq(tariffs.tier, parsed.tier)).for("update");
    if (!before) throw notFound("Tariff");
    const [after] = await tx.update(tariffs).set({ monthlyPrice: price, discounts, updatedAt: new Date() }).where(eq(tariffs.tier, parsed.tier)).returning();
    const snapshot = (t: Tariff) => ({ price: formatMoney(t.monthlyPrice), discounts: t.discounts });
    if (JSON.stringify(snapshot(before)) !== JSON.stringify(snapshot(after))) {
      await tx
        .insert(tariffAudit)
        .values({ id: randomUUID(), kind: "tariff", subject: parsed.tier, actorId, before: snapshot(before), after: snapshot(after) });
    }
    return after;
  });
}

/**
 * An admin sets a reseller's tier by hand, charging nothing: Bronze ends any period; Silver or Gold
 * starts an active month from `now` (renewed from the balance at its end like any other). A next
 * month the reseller has already decided (paid for, or a downgrade) is kept and follows the new one,
 * so a month paid for is never lost to a free one. Audited.
 */
export async function setResellerTier(db: Db, actorId: string, userId: string, tier: Tier, now: Date = new Date()): Promise<User> {
  if (!TIERS.includes(tier)) throw validationError([{ path: "tier", message: `One of ${TIERS.join(", ")}.` }]);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!before || before.role !== "reseller") throw notFound("Reseller");
    const paid = tier !== "Bronze";
    const [after] = await tx
      .update(users)
      .set({
        tier,
        subscriptionStatus: "active",
        nextTier: paid ? decidedNextMonth(before, now) : null,
        periodStart: paid ? now : null,
        periodEnd: paid ? addMonths(now) : null,
        tierChangedAt: now,
      })
      .where(eq(users.id, userId))
      .returning();
    await schedulePeriodEnd(tx, after);
    const snapshot = (u: User) => ({ tier: u.tier, status: u.subscriptionStatus, period_end: u.periodEnd?.toISOString() ?? null });
    await tx
      .insert(tariffAudit)
      .values({ id: randomUUID(), kind: "reseller_tier", subject: userId, actorId, before: snapshot(before), after: snapshot(after) });
    return after;
  });
}

/** The next month the reseller has decided, while it is still ahead of `now`. */
function decidedNextMonth(user: User, now: Date): Tier | null {
  const view = subscriptionView(user, now);
  return view.status === "active" && view.periodEnd ? view.nextTier : null;
}

export interface AuditRow extends TariffAuditEntry {
  actorEmail: string | null;
}

export async function listTariffAudit(db: DbOrTx, options: { subject?: string; limit?: number } = {}): Promise<AuditRow[]> {
  const rows = await db
    .select({ entry: tariffAudit, actorEmail: users.email })
    .from(tariffAudit)
    .leftJoin(users, eq(users.id, tariffAudit.actorId))
    .where(options.subject ? eq(tariffAudit.subject, options.subject) : undefined)
    .orderBy(desc(tariffAudit.createdAt), desc(tariffAudit.id))
    .limit(options.limit ?? 50);
  return rows.map((r) => ({ ...r.entry, actorEmail: r.actorEmail }));
}
