import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { users } from "./users";

export type TariffAuditKind = "tariff" | "reseller_tier";

/**
 * Every admin change to a tariff (price, discounts) or to a reseller's tier by hand: who, when, and
 * the values before and after. Append-only.
 */
export const tariffAudit = pgTable(
  "tariff_audit",
  {
    id: text("id").primaryKey(),
    kind: text("kind").$type<TariffAuditKind>().notNull(),
    /** The tier for a tariff change; the reseller's user id for a tier change. */
    subject: text("subject").notNull(),
    actorId: text("actor_id").references(() => users.id),
    before: jsonb("before").$type<Record<string, unknown>>().notNull(),
    after: jsonb("after").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("tariff_audit_created_idx").on(t.createdAt, t.id)],
);

export type TariffAuditEntry = typeof tariffAudit.$inferSelect;
