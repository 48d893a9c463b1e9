import { boolean, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, timestamptz } from "./columns";
import { users } from "./users";

export const WEBHOOK_DISABLED_REASONS = ["consecutive_failures"] as const;
export type WebhookDisabledReason = (typeof WEBHOOK_DISABLED_REASONS)[number];

/**
 * A reseller's webhook: one per reseller. The signing secret is stored only encrypted (AES-GCM with
 * ENCRYPTION_KEY); consecutive_failures counts failed delivery attempts since the last success and
 * disables the webhook when it reaches the threshold.
 */
export const webhookEndpoints = pgTable("webhook_endpoints", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id),
  url: text("url").notNull(),
  enabled: boolean("enabled").notNull().default(true),
  /** Opt-in to the events beyond the seed's four (order.claim.*); off, only those four are delivered. */
  extendedEvents: boolean("extended_events").notNull().default(false),
  secretEncrypted: text("secret_encrypted").notNull(),
  consecutiveFailures: integer("consecutive_failures").notNull().default(0),
  disabledReason: text("disabled_reason").$type<WebhookDisabledReason>(),
  disabledAt: timestamptz("disabled_at"),
  createdAt: createdAt(),
  updatedAt: timestamptz("updated_at").notNull().defaultNow(),
});

export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
