import { CHAT_WINDOW, MAX_MESSAGES_PER_ORDER } from "@/lib/orders/messages";
import { searchParam } from "./search-param";

/**
 * How many of a chat's latest messages an order page shows, as its `?messages=` asks: the first
 * window when absent or odd, and never more than a chat holds.
 */
export function chatWindowOf(value: string | string[] | undefined): number {
  const text = searchParam(value);
  const asked = text && /^\d{1,6}$/.test(text) ? Number(text) : CHAT_WINDOW;
  return Math.min(Math.max(asked, CHAT_WINDOW), MAX_MESSAGES_PER_ORDER);
}

/**
 * "Show earlier messages": the order page with a larger window, scrolled to the chat. A plain link, so
 * it works without JavaScript; none once the window is as large as a chat can be.
 */
export function earlierMessagesHref(orderPath: string, size: number): string | null {
  return size < MAX_MESSAGES_PER_ORDER ? `${orderPath}?messages=${Math.min(size + CHAT_WINDOW, MAX_MESSAGES_PER_ORDER)}#chat` : null;
}
