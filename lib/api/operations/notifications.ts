import { z } from "zod";
import { NOTIFICATION_KINDS } from "@/lib/db/schema";
import { timestampString } from "@/lib/records/fields";
import { listResponse, paginationQuery } from "../common-schemas";
import { defineOperation } from "../operation";

export const notificationSchema = z
  .object({
    notification_id: z.string().meta({ example: "ntf_01JD4X0000ABCDEFGHJKMNPQRS" }),
    kind: z.enum(NOTIFICATION_KINDS),
    title: z.string().meta({ example: "Your webhook was disabled" }),
    body: z.string(),
    link: z.string().nullable().meta({ description: "Where in the panel it is acted on (a path), or null." }),
    read: z.boolean(),
    created_at: timestampString,
  })
  .meta({ id: "Notification" });

const tag = "Notifications";
const base = { tag, category: "default", auth: "reseller", scope: "account:read" } as const;

export const listNotificationsOp = defineOperation({
  ...base,
  operationId: "listNotifications",
  summary: "The account's notifications, newest first",
  description:
    "What the panel's bell lists: webhook trouble, low balance, failed and refunded orders, top-ups, the subscription, security events and announcements.",
  method: "GET",
  path: "/api/v2/account/notifications",
  query: paginationQuery("ntf"),
  response: listResponse(notificationSchema).extend({ unread: z.number().int().meta({ description: "Unread notifications in all." }) }),
});

export const markNotificationReadOp = defineOperation({
  ...base,
  operationId: "markNotificationRead",
  summary: "Mark one notification read",
  method: "POST",
  path: "/api/v2/account/notifications/{notificationId}/read",
  params: z.object({ notificationId: z.string().max(64) }),
  response: notificationSchema,
  errors: ["not_found"],
});

export const markAllNotificationsReadOp = defineOperation({
  ...base,
  operationId: "markAllNotificationsRead",
  summary: "Mark every notification read",
  method: "POST",
  path: "/api/v2/account/notifications/read-all",
  response: z.object({ marked: z.number().int().meta({ description: "How many were unread." }) }).meta({ id: "NotificationsMarkedRead" }),
});

export const notificationOperations = [listNotificationsOp, markNotificationReadOp, markAllNotificationsReadOp];
