import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { config } from "@/lib/config/env";

/** AES-256-GCM with the operator's ENCRYPTION_KEY, for stock codes and webhook secrets at rest. */
const VERSION = "v1";

/** The last key decoded, kept so that every code or secret opened does not decode the hex again. */
let decoded: { hex: string; key: Buffer } | null = null;

function key(hexKey?: string): Buffer {
  const hex = hexKey ?? config().ENCRYPTION_KEY;
  if (decoded?.hex !== hex) decoded = { hex, key: Buffer.from(hex, "hex") };
  return decoded.key;
}

export function encryptSecret(plaintext: string, hexKey?: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(hexKey), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), ciphertext.toString("base64url")].join(":");
}

export function decryptSecret(stored: string, hexKey?: string): string {
  const [version, iv, tag, ciphertext] = stored.split(":");
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error("Unrecognised encrypted value");
  const decipher = createDecipheriv("aes-256-gcm", key(hexKey), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
}

/** The plaintext, or null when the key does not open the value (another key wrote it, or it is damaged). */
export function tryDecryptSecret(stored: string, hexKey?: string): string | null {
  try {
    return decryptSecret(stored, hexKey);
  } catch {
    return null;
  }
}
