import { index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

export const SEED_EVENT_TYPES = ["order.created", "order.status_changed", "manual_service.chat.message", "manual_service.chat.waiting_reply"] as const;
/** Beyond the seed's four: delivered only to webhooks with extended_events on. */
export const EXTENDED_EVENT_TYPES = ["order.claim.opened", "order.claim.updated", "order.claim.resolved"] as const;
export const EVENT_TYPES = [...SEED_EVENT_TYPES, ...EXTENDED_EVENT_TYPES] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * The outbox: every event is written in the transaction of the change that caused it, so none is
 * lost when a process dies; webhook delivery reads from here.
 */
export const events = pgTable(
  "events",
  {
    id: uuid("id").primaryKey(),
    userId: text("user_id").notNull(),
    type: text("type").$type<EventType>().notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("events_user_id_idx").on(t.userId, t.createdAt)],
);

export type AppEvent = typeof events.$inferSelect;
