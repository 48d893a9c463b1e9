import { desc } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { mailMessages, type MailMessageRow } from "@/lib/db/schema";

export const OUTBOX_PAGE_SIZE = 50;

/**
 * The latest mail, newest first: what the admin's Outbox page shows. Kept mail (no SMTP server) has
 * its bodies; mail sent through SMTP has none left, only who it went to, what about and when.
 */
export async function listOutbox(db: DbOrTx, limit = OUTBOX_PAGE_SIZE): Promise<MailMessageRow[]> {
  return db.select().from(mailMessages).orderBy(desc(mailMessages.id)).limit(limit);
}

/** A message's plain text cut at its links, so the page can show them as links. */
export function textWithLinks(text: string): { text: string; link: boolean }[] {
  return text
    .split(/(https?:\/\/[^\s<>"]+)/g)
    .filter((part) => part !== "")
    .map((part) => ({ text: part, link: /^https?:\/\//.test(part) }));
}
