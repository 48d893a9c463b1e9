import { ilike, type Column, type SQL } from "drizzle-orm";

/** Text for a LIKE pattern that matches it as typed: a %, _ or backslash in it is that character, not a wildcard or an escape. */
export function escapeLike(text: string): string {
  return text.replace(/[%_\\]/g, (c) => `\\${c}`);
}

/** The column holds the text somewhere, in any case, taken literally. */
export function containsText(column: Column, text: string): SQL {
  return ilike(column, `%${escapeLike(text)}%`);
}
