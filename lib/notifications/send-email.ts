import type { DbOrTx } from "@/lib/db/client";
import { enqueueMail, type MailMessage } from "@/lib/mail/enqueue-mail";

export interface PendingNotification {
  title: string;
  body: string;
  link: string | null;
  createdAt: Date;
}

/** The mail's kind, for the outbox and the logs. */
export const NOTIFICATION_MAIL_KIND = "notifications";

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const stamp = (at: Date) => `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/**
 * One email for everything that waited: a single notification reads as itself, a burst as a digest
 * that lists each one (newest last) under a subject that says how many.
 */
export function renderDigestMail(to: string, pending: PendingNotification[]): MailMessage {
  const subject = pending.length === 1 ? pending[0].title : `${pending.length} notifications: ${pending[pending.length - 1].title} and more`;
  const text = [
    ...pending.map((n) => [`${n.title} (${stamp(n.createdAt)})`, n.body, n.link ? `In the panel: ${n.link}` : null].filter(Boolean).join("\n")),
    "You choose which of these you get by email on the panel's Notifications > Preferences page; security and other mandatory ones are always sent.",
  ].join("\n\n");
  const items = pending
    .map(
      (n) =>
        `<li style="margin-bottom:16px"><strong>${escapeHtml(n.title)}</strong> <small style="color:#64748b">${stamp(n.createdAt)}</small><br>${escapeHtml(n.body)}${
          n.link ? `<br><small>In the panel: ${escapeHtml(n.link)}</small>` : ""
        }</li>`,
    )
    .join("");
  const html = `<ul style="padding-left:16px">${items}</ul><p style="color:#64748b;font-size:12px">You choose which of these you get by email on the panel's Notifications &gt; Preferences page; security and other mandatory ones are always sent.</p>`;
  return { to, subject, text, html, kind: NOTIFICATION_MAIL_KIND };
}

/** Queues the email of the notifications that waited, in the caller's transaction (the one that marks them sent). */
export async function sendNotificationEmail(tx: DbOrTx, to: string, pending: PendingNotification[]): Promise<void> {
  await enqueueMail(tx, renderDigestMail(to, pending));
}
