import type { DbOrTx } from "@/lib/db/client";
import { mailMessages } from "@/lib/db/schema";
import { newId } from "@/lib/ids/ids";
import { enqueueJob } from "@/lib/jobs/queue";

export type MailMessage = { to: string; subject: string; text: string; html: string; kind: string };

export const MAIL_SEND_JOB = "mail.send";

/** Retries of a message the SMTP server would not take: about 4 hours with the queue's back-off, then it fails for good. */
export const MAIL_MAX_ATTEMPTS = 12;

/**
 * Queues one message in the caller's transaction (a job in the existing job table); sent after commit
 * by the worker, never for a rolled-back change.
 */
export async function enqueueMail(tx: DbOrTx, message: MailMessage): Promise<void> {
  const id = newId("mail");
  await tx.insert(mailMessages).values({
    id,
    kind: message.kind,
    toAddress: message.to,
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html,
  });
  await enqueueJob(tx, { kind: MAIL_SEND_JOB, payload: { messageId: id }, maxAttempts: MAIL_MAX_ATTEMPTS });
}
