import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, micros, timestamptz } from "./columns";
import type { ProductCategory } from "./products";
import { users } from "./users";

export const ORDER_STATUSES = ["processing", "completed", "failed", "refunded"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export type OrderSource = "api" | "panel";

/** What was handed over; codes are encrypted at rest like the stock they came from. */
export interface StoredDelivery {
  items: { codeEncrypted: string | null; pinEncrypted: string | null; serial: string | null }[];
  note: string | null;
}

export const orders = pgTable(
  "orders",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    sku: text("sku").notNull(),
    productName: text("product_name").notNull(),
    type: text("type").$type<ProductCategory>().notNull(),
    status: text("status").$type<OrderStatus>().notNull().default("processing"),
    quantity: integer("quantity").notNull(),
    unitPrice: micros("unit_price").notNull(),
    total: micros("total").notNull(),
    fields: jsonb("fields").$type<Record<string, string>>().notNull().default({}),
    reference: text("reference"),
    source: text("source").$type<OrderSource>().notNull(),
    delivery: jsonb("delivery").$type<StoredDelivery>(),
    failureReason: text("failure_reason"),
    /** The admin working the order by hand, so other admins leave it to them; kept once it closes. */
    takenBy: text("taken_by").references(() => users.id),
    takenAt: timestamptz("taken_at"),
    /** The order's latest claim and its status, kept in the claim's transactions so every read of the order has it without a join. */
    claimId: text("claim_id"),
    claimStatus: text("claim_status").$type<"open" | "in_review" | "replacing" | "replaced" | "refunded" | "rejected">(),
    createdAt: createdAt(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
    completedAt: timestamptz("completed_at"),
  },
  (t) => [
    index("orders_user_id_idx").on(t.userId, t.id),
    index("orders_status_idx").on(t.status, t.type),
    uniqueIndex("orders_user_reference_key")
      .on(t.userId, t.reference)
      .where(sql`${t.reference} is not null`),
    // The admin's search by reference across resellers. Over every order, not only those with a reference:
    // the planner takes an expression's statistics only from an index of the whole table, and without them
    // the search's prepared plan guesses many rows match and walks every order by id instead.
    index("orders_reference_lower_idx").on(sql`lower(${t.reference})`),
    check("orders_total_positive", sql`${t.total} > 0`),
  ],
);

export type Order = typeof orders.$inferSelect;
