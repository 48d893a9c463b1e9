import type { OrderMessage } from "@/lib/db/schema";

/** A chat message as the API shows it (the `OrderMessage` schema): never the author's internal id. */
export function toMessageRecord(message: OrderMessage) {
  return { message_id: message.id, author: message.author, text: message.text, created_at: message.createdAt.toISOString() };
}
