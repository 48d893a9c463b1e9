import { integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { micros, timestamptz } from "./columns";

export const TIERS = ["Bronze", "Silver", "Gold"] as const;
export type Tier = (typeof TIERS)[number];

/** Discount percentages per product category, as decimal strings ("3.5"). */
export type CategoryDiscounts = Record<string, string>;

export const tariffs = pgTable("tariffs", {
  tier: text("tier").$type<Tier>().primaryKey(),
  rank: integer("rank").notNull().unique(),
  monthlyPrice: micros("monthly_price").notNull(),
  discounts: jsonb("discounts").$type<CategoryDiscounts>().notNull().default({}),
  updatedAt: timestamptz("updated_at").notNull().defaultNow(),
});

export type Tariff = typeof tariffs.$inferSelect;
