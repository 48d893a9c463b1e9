import { apiHandler } from "@/lib/api/handler";
import { markAllNotificationsReadOp } from "@/lib/api/operations/notifications";
import { markAllNotificationsRead } from "@/lib/notifications/list-notifications";

// POST /api/v2/account/notifications/read-all - every notification read
export const POST = apiHandler(markAllNotificationsReadOp, async ({ db, caller }) => ({ marked: await markAllNotificationsRead(db, caller.userId) }));
