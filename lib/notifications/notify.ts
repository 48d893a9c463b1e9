import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { notificationPreferences, notifications } from "@/lib/db/schema";
import { newId } from "@/lib/ids/ids";
import { scheduleEmailDigest } from "./email-digest";
import { isMandatory } from "./kinds";
import { renderNotification, type NotificationData } from "./messages";

export type NotifyInput = NotificationData & { userId: string };

/** Whether the reseller's preferences send this kind by email: mandatory kinds always, the others unless turned off. */
export async function emailsKind(tx: DbOrTx, userId: string, kind: NotifyInput["kind"]): Promise<boolean> {
  if (isMandatory(kind)) return true;
  const [preference] = await tx
    .select({ email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.kind, kind)));
  return preference?.email ?? true;
}

/**
 * Writes a notification for the panel's bell; call it inside the transaction of the change it tells
 * of. When the reseller gets this kind by email, the notification waits for their digest job, queued
 * in the same transaction, which sends everything waiting in one email.
 */
export async function notify(tx: DbOrTx, input: NotifyInput): Promise<string> {
  const { userId, ...data } = input;
  const rendered = renderNotification(data as NotificationData);
  const email = await emailsKind(tx, userId, data.kind);
  const id = newId("ntf");
  await tx.insert(notifications).values({ id, userId, kind: data.kind, ...rendered, emailPending: email });
  if (email) await scheduleEmailDigest(tx, userId);
  return id;
}
