import type { Product } from "@/lib/db/schema";

/** The order field that names who receives the goods, by the product's declared fields. */
export const RECIPIENT_FIELDS = ["player_id", "login", "username", "friend_link"] as const;

export function recipientOf(product: Pick<Product, "fields">, fields: Record<string, string>): string | null {
  for (const name of RECIPIENT_FIELDS) {
    if (product.fields.some((f) => f.name === name) && fields[name]) return fields[name];
  }
  return null;
}

/**
 * The sandbox supplier's documented fixtures: a recipient ending in 0000 or beginning with "fail"
 * does not exist, so checks answer invalid and orders fail with the charge returned.
 */
export function isSandboxFailingRecipient(recipient: string): boolean {
  return recipient.endsWith("0000") || recipient.toLowerCase().startsWith("fail");
}
