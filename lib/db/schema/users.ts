import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, uniqueIndex, type AnyPgColumn } from "drizzle-orm/pg-core";
import { createdAt, micros, timestamptz } from "./columns";
import { tariffs, type Tier } from "./tariffs";

/** A platform admin, a reseller account's own login (its owner), or a person invited to a reseller account. */
export type Role = "admin" | "reseller" | "member";
/** What a person may do on the reseller account they belong to (lib/teams/permissions.ts). */
export type MemberRole = "owner" | "admin" | "developer" | "finance" | "buyer" | "viewer";
export type UserStatus = "active" | "blocked";
export type SubscriptionStatus = "active" | "expired";

/**
 * Panel logins: resellers (the account that holds the balance, signed in as by its owner), the people
 * invited to a reseller's account, and admins. A reseller account's balance, tier, orders, keys and
 * webhooks stay on the account's own row; a member's row carries only the person (sign-in, two-factor).
 */
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
    /** The reseller account the person acts for: the row's own id for a reseller or an admin. */
    accountId: text("account_id")
      .notNull()
      .references((): AnyPgColumn => users.id),
    /** The person's role on the account; null for a platform admin. */
    memberRole: text("member_role").$type<MemberRole>(),
    /** When the owner or an admin removed the member; the row stays for the audit log's sake, and cannot sign in. */
    removedAt: timestamptz("removed_at"),
    /** On an account's row: every member must have two-factor sign-in before anything else. */
    twoFactorRequired: boolean("two_factor_required").notNull().default(false),
    /** On an account's row: the admin member offered the ownership, until they accept it. */
    ownershipOfferedTo: text("ownership_offered_to").references((): AnyPgColumn => users.id),
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
    check("users_role_valid", sql`${t.role} in ('admin', 'reseller', 'member')`),
    check("users_member_role_valid", sql`${t.memberRole} in ('owner', 'admin', 'developer', 'finance', 'buyer', 'viewer')`),
    // Exactly one owner per account: a second, or two transfers at once, fail here.
    uniqueIndex("users_one_owner_per_account")
      .on(t.accountId)
      .where(sql`${t.memberRole} = 'owner'`),
    index("users_account_idx").on(t.accountId),
    check("users_status_valid", sql`${t.status} in ('active', 'blocked')`),
    check("users_subscription_status_valid", sql`${t.subscriptionStatus} in ('active', 'expired')`),
  ],
);

export type User = typeof users.$inferSelect;
