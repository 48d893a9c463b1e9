import { sql } from "drizzle-orm";
import { check, index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { orders } from "./orders";
import { users } from "./users";

export const ORDER_ACTIVITY_ACTIONS = ["taken", "released", "taken_over", "completed", "failed", "refunded"] as const;
export type OrderActivityAction = (typeof ORDER_ACTIVITY_ACTIONS)[number];

/**
 * What admins did to an order by hand, and who: written in the transaction of the change itself, so a
 * row exists exactly when the change does. Append-only; only admins see it.
 */
export const orderActivity = pgTable(
  "order_activity",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id),
    /** Required: every one of these changes is made by a signed-in admin in the panel; nothing else takes, closes or refunds an order by hand. */
    adminId: text("admin_id")
      .notNull()
      .references(() => users.id),
    action: text("action").$type<OrderActivityAction>().notNull(),
    /** The displaced admin's email for a take-over, the reason for a fail or a refund. */
    detail: text("detail"),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_activity_order_id_idx").on(t.orderId, t.createdAt),
    check("order_activity_action_valid", sql`${t.action} in ('taken', 'released', 'taken_over', 'completed', 'failed', 'refunded')`),
  ],
);

export type OrderActivity = typeof orderActivity.$inferSelect;
