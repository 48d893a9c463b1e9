import { index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { API_SCOPES, type ApiScope } from "../../api-keys/scope-names";
import { createdAt, timestamptz } from "./columns";
import { users } from "./users";

/** API keys are stored only as a SHA-256 hash; the prefix tells them apart in the panel. */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    hash: text("hash").notNull(),
    allowedIps: jsonb("allowed_ips").$type<string[]>().notNull().default([]),
    /** What the key may do (lib/api-keys/scopes.ts); every scope unless its creator chose fewer. */
    scopes: jsonb("scopes")
      .$type<ApiScope[]>()
      .notNull()
      .default([...API_SCOPES]),
    /** The person who created the key; the key belongs to the account (user_id) all the same. */
    createdBy: text("created_by").references(() => users.id),
    createdAt: createdAt(),
    lastUsedAt: timestamptz("last_used_at"),
    lastUsedIp: text("last_used_ip"),
    revokedAt: timestamptz("revoked_at"),
  },
  (t) => [uniqueIndex("api_keys_hash_key").on(t.hash), index("api_keys_user_id_idx").on(t.userId)],
);

export type ApiKey = typeof apiKeys.$inferSelect;
