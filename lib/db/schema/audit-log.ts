import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { apiKeys } from "./api-keys";
import { createdAt } from "./columns";
import { users } from "./users";

/**
 * What was changed on a reseller's account, by whom and from where: written in the transaction of the
 * change it records, so a rolled-back change leaves no row. Append-only; the account's owner and admins
 * read it, and platform admins on the reseller's page.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    /** The reseller account the change was made on. */
    accountId: text("account_id")
      .notNull()
      .references(() => users.id),
    /** The person signed in to the panel who made it, or the member who owns the key it came with. */
    actorUserId: text("actor_user_id").references(() => users.id),
    /** Set when the change came through the API with this key. */
    actorKeyId: text("actor_key_id").references(() => apiKeys.id),
    action: text("action").notNull(),
    /** The id of what the change concerns (an order, a key, a member, a webhook), when there is one. */
    subject: text("subject"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_account_idx").on(t.accountId, t.id), index("audit_log_account_action_idx").on(t.accountId, t.action, t.id)],
);

export type AuditLogEntry = typeof auditLog.$inferSelect;
