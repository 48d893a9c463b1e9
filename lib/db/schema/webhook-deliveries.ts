import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, timestamptz } from "./columns";
import { users } from "./users";

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** What caused an attempt: the event itself (first try and scheduled retries), a redelivery, or a test. */
export const WEBHOOK_DELIVERY_TRIGGERS = ["event", "redelivery", "test"] as const;
export type WebhookDeliveryTrigger = (typeof WEBHOOK_DELIVERY_TRIGGERS)[number];

/**
 * One delivery attempt of one event to a reseller's webhook. The request body (the exact bytes
 * sent, which may carry delivered codes) is stored encrypted; at most 1 KiB of the answer is kept.
 * A scheduled attempt is unique by its number and the run of its job that sent it: a job that runs
 * again after its lease ran out (its worker died, or was slow) sends a run of its own, recorded beside
 * the earlier one, which keeps its own outcome whenever that comes in.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    eventId: uuid("event_id").notNull(),
    event: text("event").notNull(),
    url: text("url").notNull(),
    attempt: integer("attempt").notNull(),
    /** The claim of the attempt's job that sent it (jobs.attempts): 1, or more after a lease ran out. */
    run: integer("run").notNull().default(1),
    trigger: text("trigger").$type<WebhookDeliveryTrigger>().notNull(),
    status: text("status").$type<WebhookDeliveryStatus>().notNull().default("pending"),
    requestBodyEncrypted: text("request_body_encrypted").notNull(),
    responseStatus: integer("response_status"),
    responseBody: text("response_body"),
    durationMs: integer("duration_ms"),
    error: text("error"),
    createdAt: createdAt(),
    finishedAt: timestamptz("finished_at"),
    nextRetryAt: timestamptz("next_retry_at"),
  },
  (t) => [
    index("webhook_deliveries_user_id_idx").on(t.userId, t.id),
    index("webhook_deliveries_event_id_idx").on(t.eventId),
    uniqueIndex("webhook_deliveries_event_attempt_run_key")
      .on(t.eventId, t.attempt, t.run)
      .where(sql`${t.trigger} = 'event'`),
    // The few attempts still waiting for an answer, for the sweep that settles those a crash cut off.
    index("webhook_deliveries_pending_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
