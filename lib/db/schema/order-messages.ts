import { index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { orders } from "./orders";

export type MessageAuthor = "reseller" | "supplier";

/** The chat of a manual order, between the reseller and the admin acting as supplier. */
export const orderMessages = pgTable(
  "order_messages",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id),
    author: text("author").$type<MessageAuthor>().notNull(),
    authorId: text("author_id").notNull(),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("order_messages_order_id_idx").on(t.orderId, t.id)],
);

export type OrderMessage = typeof orderMessages.$inferSelect;
