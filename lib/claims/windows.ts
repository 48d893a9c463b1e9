import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { claimWindows, PRODUCT_CATEGORIES, type ProductCategory } from "@/lib/db/schema";

const HOUR = 3600;
const DAY = 24 * HOUR;

/**
 * How long after delivery an order can be claimed, unless the admin set its category otherwise. A code
 * or key shows it is bad when the buyer redeems it, which may be days later; a top-up, gift or premium
 * lands on an account at once, so its buyer knows within hours.
 */
export const DEFAULT_CLAIM_WINDOW_SECONDS: Record<ProductCategory, number> = {
  giftcard: 7 * DAY,
  gamekey: 7 * DAY,
  manual: 7 * DAY,
  topup: 72 * HOUR,
  platformtopup: 72 * HOUR,
  platformgift: 72 * HOUR,
  messenger_premium: 72 * HOUR,
  messenger_stars: 72 * HOUR,
};

/** The most a window may be: a year; past that a claim is not about the delivery any more. */
export const MAX_CLAIM_WINDOW_SECONDS = 365 * DAY;

export async function claimWindowSeconds(db: DbOrTx, category: ProductCategory): Promise<number> {
  const [row] = await db.select({ seconds: claimWindows.windowSeconds }).from(claimWindows).where(eq(claimWindows.category, category));
  return row?.seconds ?? DEFAULT_CLAIM_WINDOW_SECONDS[category];
}

/** Every category's window, as the admin's settings show them. */
export async function allClaimWindows(db: DbOrTx): Promise<{ category: ProductCategory; seconds: number; isDefault: boolean }[]> {
  const rows = await db.select().from(claimWindows);
  const set = new Map(rows.map((row) => [row.category, row.windowSeconds]));
  return PRODUCT_CATEGORIES.map((category) => ({
    category,
    seconds: set.get(category) ?? DEFAULT_CLAIM_WINDOW_SECONDS[category],
    isDefault: !set.has(category),
  }));
}

export async function setClaimWindow(db: DbOrTx, input: { category: ProductCategory; seconds: number; adminId: string }): Promise<void> {
  await db
    .insert(claimWindows)
    .values({ category: input.category, windowSeconds: input.seconds, updatedBy: input.adminId })
    .onConflictDoUpdate({ target: claimWindows.category, set: { windowSeconds: input.seconds, updatedBy: input.adminId, updatedAt: sql`now()` } });
}

/** When the order's claim window closes; null for an order never delivered. */
export async function claimWindowClosesAt(db: DbOrTx, order: { type: ProductCategory; completedAt: Date | null }): Promise<Date | null> {
  if (!order.completedAt) return null;
  return new Date(order.completedAt.getTime() + (await claimWindowSeconds(db, order.type)) * 1000);
}
