import { lt, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { accountTokens, mailMessages } from "@/lib/db/schema";

/** How long mail stays listed on the Outbox: enough to look into what someone did or did not receive. */
export const MAIL_KEPT_DAYS = 30;

/** Drops mail older than MAIL_KEPT_DAYS and account tokens a day past their expiry, so neither table grows without end. */
export async function pruneMail(db: DbOrTx): Promise<{ messages: number; tokens: number }> {
  const messages = await db
    .delete(mailMessages)
    .where(lt(mailMessages.createdAt, sql`now() - ${MAIL_KEPT_DAYS} * interval '1 day'`))
    .returning({ id: mailMessages.id });
  const tokens = await db
    .delete(accountTokens)
    .where(lt(accountTokens.expiresAt, sql`now() - interval '1 day'`))
    .returning({ id: accountTokens.id });
  return { messages: messages.length, tokens: tokens.length };
}
