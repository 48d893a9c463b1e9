import type { SQL } from "drizzle-orm";
import { users } from "@/lib/db/schema";
import { containsText } from "@/lib/db/like";

/**
 * The account's email holds the text, in any case and literally: how every admin list narrows to a
 * reseller, so part of an email an admin remembers finds the same accounts on each.
 */
export function emailContains(text: string): SQL {
  return containsText(users.email, text);
}
