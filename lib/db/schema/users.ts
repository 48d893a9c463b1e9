import { sql } from "drizzle-orm";
import { boolean, check, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, micros, timestamptz } from "./columns";
import { tariffs, type Tier } from "./tariffs";

export type Role = "admin" | "reseller";
export type UserStatus = "active" | "blocked";
export type SubscriptionStatus = "active" | "expired";

/** Panel accounts: resellers (who hold a balance) and admins. */
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    /** When the address was confirmed by a link sent to it; null until then (accounts from before count as confirmed). */
    emailVerifiedAt: timestamptz("email_verified_at"),
    /** Panel sessions signed in before this (a password change) are no longer accepted. */
    sessionsValidAfter: timestamptz("sessions_valid_after"),
    role: text("role").$type<Role>().notNull().default("reseller"),
    status: text("status").$type<UserStatus>().notNull().default("active"),
    tier: text("tier")
      .$type<Tier>()
      .notNull()
      .default("Bronze")
      .references(() => tariffs.tier),
    balance: micros("balance")
      .notNull()
      .default(sql`0`),
    /** Whether the subscription renews from the balance at the end of each period. */
    autoRenew: boolean("auto_renew").notNull().default(true),
    /**
     * The current paid month of a Silver or Gold subscription, [start, end). Null on Bronze, which is
     * free and never expires. See lib/subscriptions/README in the main README for the rules.
     */
    periodStart: timestamptz("period_start"),
    periodEnd: timestamptz("period_end"),
    /**
     * The tier of the month after period_end when it is already decided: a paid renewal (Silver, Gold)
     * or a downgrade to Bronze chosen at renewal (nothing paid). Null while the next month is open.
     */
    nextTier: text("next_tier")
      .$type<Tier>()
      .references(() => tariffs.tier),
    /** "expired" once a period ended unpaid; prices then follow Bronze until a renew or upgrade. */
    subscriptionStatus: text("subscription_status").$type<SubscriptionStatus>().notNull().default("active"),
    /**
     * The last write that may have changed the tier prices follow (an upgrade, a renewal, an expiry, an
     * admin's change): a catalog sync's `updated_since` before it answers every product afresh.
     */
    tierChangedAt: timestamptz("tier_changed_at"),
    /** Below this balance the reseller is notified, once per crossing (lib/accounts/low-balance.ts); 0 turns it off. */
    lowBalanceThreshold: micros("low_balance_threshold")
      .notNull()
      .default(sql`10000000`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    check("users_balance_non_negative", sql`${t.balance} >= 0`),
    check("users_role_valid", sql`${t.role} in ('admin', 'reseller')`),
    check("users_status_valid", sql`${t.status} in ('active', 'blocked')`),
    check("users_subscription_status_valid", sql`${t.subscriptionStatus} in ('active', 'expired')`),
  ],
);

export type User = typeof users.$inferSelect;
