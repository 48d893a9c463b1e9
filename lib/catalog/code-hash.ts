import { createHmac, hkdfSync } from "node:crypto";
import { config } from "@/lib/config/env";
import { KEYED_CODE_HASH_PREFIX } from "@/lib/db/schema";

/**
 * The hash that refuses a stock code uploaded twice. It is keyed: a plain hash of a code lets anyone
 * holding a database dump confirm a guessed code, and try every short numeric one offline. The key is
 * derived from ENCRYPTION_KEY, which the stored codes need anyway, so there is no second secret to
 * keep, and the derivation keeps the hash from ever being computed with the cipher's own key.
 */
const subkeys = new Map<string, Buffer>();

function subkey(hexKey: string): Buffer {
  let key = subkeys.get(hexKey);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", Buffer.from(hexKey, "hex"), Buffer.alloc(0), "stock-code-hash", 32));
    subkeys.set(hexKey, key);
  }
  return key;
}

export function stockCodeHash(sku: string, code: string, hexKey = config().ENCRYPTION_KEY): string {
  return KEYED_CODE_HASH_PREFIX + createHmac("sha256", subkey(hexKey)).update(`${sku}\n${code}`).digest("hex");
}
