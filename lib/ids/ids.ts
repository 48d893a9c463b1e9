import { randomBytes } from "node:crypto";

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

export type IdPrefix = "usr" | "ord" | "txn" | "pay" | "dlv" | "key" | "evt" | "job" | "msg" | "trf";

/**
 * A prefixed ULID ("txn_01JD..."): opaque to integrators, and sorts by creation time, which lets
 * lists paginate newest-first with the id alone as the cursor.
 */
export function newId(prefix: IdPrefix, now: number = Date.now()): string {
  let time = "";
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[t % 32] + time;
    t = Math.floor(t / 32);
  }
  const bytes = randomBytes(16);
  let random = "";
  for (let i = 0; i < 16; i++) random += CROCKFORD[bytes[i] % 32];
  return `${prefix}_${time}${random}`;
}

/**
 * Whether a text can be an id of this kind. Lookups check it first, so that text from a URL (a NUL
 * byte, 500 characters) answers "not found" instead of reaching the database.
 */
export function isIdOf(prefix: IdPrefix, text: string): boolean {
  return text.length === prefix.length + 27 && text.startsWith(`${prefix}_`) && /^[0-9A-HJKMNP-TV-Z]{26}$/.test(text.slice(prefix.length + 1));
}
