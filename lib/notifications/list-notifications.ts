import { and, count, desc, eq, isNull, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { pageOf, type Page } from "@/lib/db/page";
import { notifications, type NotificationKind } from "@/lib/db/schema";

export interface NotificationRecord {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
  read: boolean;
  createdAt: Date;
}

const columns = {
  id: notifications.id,
  kind: notifications.kind,
  title: notifications.title,
  body: notifications.body,
  link: notifications.link,
  read: sql<boolean>`${notifications.readAt} is not null`,
  createdAt: notifications.createdAt,
};

/** The reseller's notifications, newest first (ids sort in the order they were made). */
export async function listNotifications(
  db: DbOrTx,
  userId: string,
  options: { cursor?: string; limit: number; unreadOnly?: boolean },
): Promise<Page<NotificationRecord>> {
  const rows = await db
    .select(columns)
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        options.cursor ? lt(notifications.id, options.cursor) : undefined,
        options.unreadOnly ? isNull(notifications.readAt) : undefined,
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(options.limit + 1);
  return pageOf(rows, options.limit);
}

/** The bell's number. */
export async function countUnread(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks one of the reseller's notifications read; another reseller's id (or an unknown one) reads as null. */
export async function markNotificationRead(db: DbOrTx, userId: string, id: string): Promise<NotificationRecord | null> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.userId, userId), eq(notifications.id, id)))
    .returning(columns);
  return row ?? null;
}

/** The API's record of a notification. */
export function toNotificationRecord(n: NotificationRecord) {
  return { notification_id: n.id, kind: n.kind, title: n.title, body: n.body, link: n.link, read: n.read, created_at: n.createdAt.toISOString() };
}

export async function markAllNotificationsRead(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}
