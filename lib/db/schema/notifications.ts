import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, timestamptz } from "./columns";
import { users } from "./users";

export const NOTIFICATION_KINDS = [
  "webhook_disabled",
  "webhook_failing",
  "low_balance",
  "order_failed",
  "order_refunded",
  "topup_credited",
  "topup_partially_paid",
  "topup_expired",
  "subscription_renews_soon",
  "subscription_renewal_failed",
  "subscription_expired",
  "security",
  "announcement",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * What the panel's bell lists: written in the transaction of the change it tells of, so none is lost
 * and none tells of a change that rolled back. `email_pending` marks the ones the reseller's
 * preferences send by email and that the next digest (lib/notifications/email-digest.ts) has not sent yet.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind").$type<NotificationKind>().notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** Where in the panel the reseller acts on it (the webhook page, the order). */
    link: text("link"),
    readAt: timestamptz("read_at"),
    emailPending: boolean("email_pending").notNull().default(false),
    emailedAt: timestamptz("emailed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_id_idx").on(t.userId, t.createdAt),
    index("notifications_unread_idx")
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    index("notifications_email_pending_idx")
      .on(t.userId)
      .where(sql`${t.emailPending}`),
  ],
);

export type Notification = typeof notifications.$inferSelect;

/** A reseller's choice of email per kind; no row means the kind's default (email on). */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind").$type<NotificationKind>().notNull(),
    email: boolean("email").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/** The announcements admins wrote to all resellers, for the admin page's history. */
export const announcements = pgTable("announcements", {
  id: text("id").primaryKey(),
  adminId: text("admin_id")
    .notNull()
    .references(() => users.id),
  title: text("title").notNull(),
  body: text("body").notNull(),
  recipients: integer("recipients").notNull(),
  createdAt: createdAt(),
});
