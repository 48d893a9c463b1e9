import { and, count, desc, eq, lt, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { orderMessages, orders, type MessageAuthor, type Order, type OrderMessage } from "@/lib/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { recordEvent } from "@/lib/events/record-event";
import { newId } from "@/lib/ids/ids";
import { pageOf, type Page } from "@/lib/db/page";
import { characterCount, shortened } from "@/lib/text/characters";
import { hasHiddenCharacterInMessage, hasVisibleCharacter } from "@/lib/text/hidden-characters";
import { chatFull, orderClosed } from "./refusals";

export const MAX_MESSAGE_LENGTH = 2000;

/**
 * The most messages one order's chat holds. A manual order is one job of work, whose chat runs to a few
 * dozen messages; 500 leaves ten times that, where the API's 120 posts a minute would otherwise pile
 * 170,000 a day into one order for the admin to wade through. A full chat is 5 of the API's pages of 100.
 */
export const MAX_MESSAGES_PER_ORDER = 500;

/** How many of the latest messages the panels show at first, and how many more each "Show earlier messages" adds. */
export const CHAT_WINDOW = 50;

/**
 * One page of the chat, newest first, as the API lists everything; the cursor is the last id of the
 * previous page. Ids sort by creation and are unique, so messages written in the same millisecond
 * keep one order across pages.
 */
export async function pageOrderMessages(db: Db, order: Order, options: { cursor?: string; limit: number }): Promise<Page<OrderMessage>> {
  const conditions: SQL[] = [eq(orderMessages.orderId, order.id)];
  if (options.cursor) conditions.push(lt(orderMessages.id, options.cursor));
  const rows = await db
    .select()
    .from(orderMessages)
    .where(and(...conditions))
    .orderBy(desc(orderMessages.id))
    .limit(options.limit + 1);
  return pageOf(rows, options.limit);
}

/** The latest `size` messages in reading order, oldest first, as both panels show a chat; `earlier` tells that older ones are left out. */
export async function latestOrderMessages(db: Db, order: Order, size: number): Promise<{ messages: OrderMessage[]; earlier: boolean }> {
  const page = await pageOrderMessages(db, order, { limit: size });
  return { messages: page.data.reverse(), earlier: page.nextCursor !== null };
}

/** A message's text refused: the sentence is the error's message and its issue's, as for every other field. */
const refusedText = (sentence: string) => new AppError("validation_error", sentence, { issues: [{ path: "text", message: sentence }] });

/** API.md: at most 100 characters; cut where a reader sees a character end, so never inside a surrogate pair. */
const preview = (text: string) => shortened(text, 100);

/**
 * Adds a message to a manual order's chat. A supplier message tells the reseller through
 * manual_service.chat.message, and, when the supplier needs an answer to go on, chat.waiting_reply.
 */
export async function postOrderMessage(
  db: Db,
  input: { order: Order; author: MessageAuthor; authorId: string; text: string; waitingReply?: boolean },
): Promise<OrderMessage> {
  const text = input.text.trim();
  if (input.order.type !== "manual") throw new AppError("wrong_category", "Only manual orders have a chat.");
  if (!hasVisibleCharacter(text)) throw refusedText("Write a message.");
  if (hasHiddenCharacterInMessage(text)) throw refusedText("Messages must not contain control characters or direction overrides.");
  if (characterCount(text) > MAX_MESSAGE_LENGTH) throw refusedText(`Messages are at most ${MAX_MESSAGE_LENGTH} characters.`);
  return db.transaction(async (tx) => {
    // The order's row is held until the message is in or refused: the order cannot be completed or
    // failed in between, and another post to this chat waits here, then counts this one. A share lock
    // would let two posts both count 499 and both write; "no key update" does not stop rows elsewhere
    // that merely refer to the order.
    const [current] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, input.order.id)).for("no key update");
    if (current?.status !== "processing") throw orderClosed(input.order.id, current?.status ?? null);
    const [{ messages }] = await tx.select({ messages: count() }).from(orderMessages).where(eq(orderMessages.orderId, input.order.id));
    if (messages >= MAX_MESSAGES_PER_ORDER) throw chatFull(input.order.id, MAX_MESSAGES_PER_ORDER);
    const [message] = await tx
      .insert(orderMessages)
      .values({ id: newId("msg"), orderId: input.order.id, author: input.author, authorId: input.authorId, text })
      .returning();
    if (input.author === "supplier") {
      const base = { order_id: input.order.id, type: "manual" as const, message_preview: preview(text) };
      await recordEvent(tx, {
        userId: input.order.userId,
        type: "manual_service.chat.message",
        data: { ...base, message_created_at: message.createdAt.toISOString() },
      });
      if (input.waitingReply) {
        await recordEvent(tx, {
          userId: input.order.userId,
          type: "manual_service.chat.waiting_reply",
          data: { ...base, waiting_since: message.createdAt.toISOString() },
        });
      }
    }
    return message;
  });
}
