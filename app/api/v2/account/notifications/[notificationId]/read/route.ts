import { apiHandler } from "@/lib/api/handler";
import { markNotificationReadOp } from "@/lib/api/operations/notifications";
import { notFound } from "@/lib/errors/app-error";
import { markNotificationRead, toNotificationRecord } from "@/lib/notifications/list-notifications";

// POST /api/v2/account/notifications/{notificationId}/read - one notification read
export const POST = apiHandler(markNotificationReadOp, async ({ db, caller, params }) => {
  const marked = await markNotificationRead(db, caller.userId, params.notificationId);
  if (!marked) throw notFound("Notification");
  return toNotificationRecord(marked);
});
