import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { mailMessages } from "@/lib/db/schema";
import { config } from "@/lib/config/env";
import { componentLogger } from "@/lib/observability/logger";
import { mailTransport } from "./transport";

const log = componentLogger("mail");

/**
 * Sends a queued message through SMTP, or keeps it for the Outbox when none is configured. A message
 * already sent or kept is left alone, so a job run again (its worker lost the lease after sending)
 * does not send it twice; a refusal by the server throws, and the job retries with back-off.
 */
export async function sendQueuedMail(db: DbOrTx, messageId: string): Promise<"sent" | "kept" | "skipped"> {
  const [message] = await db.select().from(mailMessages).where(eq(mailMessages.id, messageId)).limit(1);
  if (!message || message.status !== "queued") return "skipped";
  const transport = mailTransport();
  const queued = and(eq(mailMessages.id, messageId), eq(mailMessages.status, "queued"));
  if (!transport) {
    await db
      .update(mailMessages)
      .set({ status: "kept", sentAt: sql`now()` })
      .where(queued);
    log.info({ mailId: message.id, kind: message.kind }, "mail kept for the admin's Outbox (no SMTP_URL)");
    return "kept";
  }
  await transport.sendMail({
    from: config().MAIL_FROM,
    to: message.toAddress,
    subject: message.subject,
    text: message.textBody,
    html: message.htmlBody,
  });
  // The bodies may hold a link that resets a password: once delivered, the database keeps no copy.
  await db
    .update(mailMessages)
    .set({ status: "sent", sentAt: sql`now()`, textBody: "", htmlBody: "" })
    .where(queued);
  log.info({ mailId: message.id, kind: message.kind }, "mail sent");
  return "sent";
}
