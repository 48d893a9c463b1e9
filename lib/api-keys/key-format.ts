import { hash, randomBytes } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
export const API_KEY_PREFIX = "rk_live_";
const RANDOM_LENGTH = 40;
/** A fixed prefix lets secret scanners find leaked keys; the rest is base62. */
export const API_KEY_PATTERN = /^rk_live_[0-9A-Za-z]{32,}$/;

export function generateApiKey(): string {
  let out = "";
  while (out.length < RANDOM_LENGTH) {
    for (const byte of randomBytes(RANDOM_LENGTH)) {
      // 248 = 62 * 4: rejecting larger bytes keeps every character equally likely.
      if (byte < 248 && out.length < RANDOM_LENGTH) out += BASE62[byte % 62];
    }
  }
  return API_KEY_PREFIX + out;
}

/**
 * Keys carry 238 bits of randomness, so a fast hash is enough to store them safely. Every API call
 * hashes its key, with the one-shot hash, which skips createHash's stream object.
 */
export function hashApiKey(key: string): string {
  return hash("sha256", key, "hex");
}

/** What the panel shows to tell keys apart: the fixed prefix and four characters. */
export function displayPrefix(key: string): string {
  return key.slice(0, API_KEY_PREFIX.length + 4);
}
