import { desc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { mailMessages, type MailMessageRow } from "@/lib/db/schema";

export const OUTBOX_PAGE_SIZE = 50;

/** The mail kept without an SMTP server, newest first: what the admin's Outbox page shows. */
export async function listOutbox(db: DbOrTx, limit = OUTBOX_PAGE_SIZE): Promise<MailMessageRow[]> {
  return db.select().from(mailMessages).where(eq(mailMessages.status, "kept")).orderBy(desc(mailMessages.createdAt), desc(mailMessages.id)).limit(limit);
}

/** A message's plain text cut at its links, so the page can show them as links. */
export function textWithLinks(text: string): { text: string; link: boolean }[] {
  return text
    .split(/(https?:\/\/[^\s<>"]+)/g)
    .filter((part) => part !== "")
    .map((part) => ({ text: part, link: /^https?:\/\//.test(part) }));
}
