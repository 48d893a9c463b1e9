import { apiHandler } from "@/lib/api/handler";
import { listNotificationsOp } from "@/lib/api/operations/notifications";
import { countUnread, listNotifications, toNotificationRecord } from "@/lib/notifications/list-notifications";

// GET /api/v2/account/notifications - the bell's notifications, newest first
export const GET = apiHandler(listNotificationsOp, async ({ db, caller, query }) => {
  const [page, unread] = await Promise.all([listNotifications(db, caller.userId, query), countUnread(db, caller.userId)]);
  return { data: page.data.map(toNotificationRecord), next_cursor: page.nextCursor, unread };
});
