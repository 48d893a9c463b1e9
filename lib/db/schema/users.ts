import { sql } from "drizzle-orm";
import { boolean, check, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, micros } from "./columns";
import { tariffs, type Tier } from "./tariffs";

export type Role = "admin" | "reseller";
export type UserStatus = "active" | "blocked";

/** Panel accounts: resellers (who hold a balance) and admins. */
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role").$type<Role>().notNull().default("reseller"),
    status: text("status").$type<UserStatus>().notNull().default("active"),
    tier: text("tier")
      .$type<Tier>()
      .notNull()
      .default("Bronze")
      .references(() => tariffs.tier),
    balance: micros("balance").notNull().default(sql`0`),
    /** Whether the subscription renews from the balance at the end of each period. */
    autoRenew: boolean("auto_renew").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    check("users_balance_non_negative", sql`${t.balance} >= 0`),
    check("users_role_valid", sql`${t.role} in ('admin', 'reseller')`),
    check("users_status_valid", sql`${t.status} in ('active', 'blocked')`),
  ],
);

export type User = typeof users.$inferSelect;
