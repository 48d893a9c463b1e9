import { and, count, desc, eq, lt, ne, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "@/lib/db/client";
import { pageOf, type Page } from "@/lib/db/page";
import { claimMessages, claims, OPEN_CLAIM_STATUSES, type Claim, type ClaimMessage, type ClaimMessageAuthor } from "@/lib/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { newId } from "@/lib/ids/ids";
import { recordClaimUpdated } from "./claim-events";
import { claimClosed } from "./refusals";

/** As a manual order's chat: a claim is one problem, whose chat runs to a few dozen messages. */
export const MAX_MESSAGES_PER_CLAIM = 500;

/** One page of the chat, newest first; the cursor is the last id of the previous page. */
export async function pageClaimMessages(db: DbOrTx, claim: Claim, options: { cursor?: string; limit: number }): Promise<Page<ClaimMessage>> {
  // The upstream's messages are our admins' (lib/claims/upstream-claims.ts), not the reseller's chat.
  const conditions: SQL[] = [eq(claimMessages.claimId, claim.id), ne(claimMessages.author, "upstream")];
  if (options.cursor) conditions.push(lt(claimMessages.id, options.cursor));
  const rows = await db
    .select()
    .from(claimMessages)
    .where(and(...conditions))
    .orderBy(desc(claimMessages.id))
    .limit(options.limit + 1);
  return pageOf(rows, options.limit);
}

/** The latest messages in reading order, oldest first, as the panels show a chat. */
export async function latestClaimMessages(db: DbOrTx, claim: Claim, size: number): Promise<{ messages: ClaimMessage[]; earlier: boolean }> {
  const page = await pageClaimMessages(db, claim, { limit: size });
  return { messages: page.data.reverse(), earlier: page.nextCursor !== null };
}

/**
 * Adds a message to an open claim's chat (text already parsed by claimMessageInput). The claim's row is
 * held until the message is in: the claim cannot be resolved in between, and two posts count each other.
 * Support's message tells the reseller through order.claim.updated.
 */
export async function postClaimMessage(db: Db, input: { claim: Claim; author: ClaimMessageAuthor; authorId: string; text: string }): Promise<ClaimMessage> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(claims).where(eq(claims.id, input.claim.id)).for("no key update");
    if (!current || !(OPEN_CLAIM_STATUSES as readonly string[]).includes(current.status)) throw claimClosed(input.claim.id, current?.status ?? "gone");
    const [{ messages }] = await tx.select({ messages: count() }).from(claimMessages).where(eq(claimMessages.claimId, current.id));
    if (messages >= MAX_MESSAGES_PER_CLAIM)
      throw new AppError("claim_conflict", `This claim's chat is full: it holds at most ${MAX_MESSAGES_PER_CLAIM} messages.`, { claim_id: current.id });
    const [message] = await tx
      .insert(claimMessages)
      .values({ id: newId("msg"), claimId: current.id, author: input.author, authorId: input.authorId, text: input.text })
      .returning();
    if (input.author === "support") await recordClaimUpdated(tx, current, { message: input.text });
    return message;
  });
}
