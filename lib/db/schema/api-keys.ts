import { index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
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
    createdAt: createdAt(),
    lastUsedAt: timestamptz("last_used_at"),
    lastUsedIp: text("last_used_ip"),
    revokedAt: timestamptz("revoked_at"),
  },
  (t) => [uniqueIndex("api_keys_hash_key").on(t.hash), index("api_keys_user_id_idx").on(t.userId)],
);

export type ApiKey = typeof apiKeys.$inferSelect;
