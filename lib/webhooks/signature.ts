import { createHmac, randomInt } from "node:crypto";

export const SECRET_PREFIX = "whsec_";
const SECRET_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const SECRET_LENGTH = 32;

/**
 * A new signing secret: "whsec_" and 32 random base62 characters (about 190 bits). Base62 is a
 * subset of base64, so the part after the prefix is also a valid Standard Webhooks key.
 */
export function generateWebhookSecret(): string {
  let out = SECRET_PREFIX;
  for (let i = 0; i < SECRET_LENGTH; i++) out += SECRET_ALPHABET[randomInt(SECRET_ALPHABET.length)];
  return out;
}

/** X-Webhook-Signature: "sha256=" + lowercase hex HMAC-SHA256 of the exact body bytes, keyed with the secret as written. */
export function bodySignature(secret: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(body, "utf8").digest("hex")}`;
}

/**
 * The Standard Webhooks key: the base64-decoded part of the secret after "whsec_", which is what that
 * specification's libraries use (new Webhook("whsec_...") in every language).
 */
export function standardWebhooksKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, "base64");
}

/** webhook-signature: "v1," + base64 HMAC-SHA256 of "{id}.{timestamp}.{body}" (Standard Webhooks). */
export function standardSignature(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac("sha256", standardWebhooksKey(secret)).update(`${id}.${timestampSeconds}.${body}`, "utf8").digest("base64");
  return `v1,${mac}`;
}

/** Every header of a delivery. The Standard Webhooks timestamp is the attempt's, so retries stay inside receivers' tolerance. */
export function deliveryHeaders(input: { secret: string; eventId: string; event: string; body: string; now?: Date }): Record<string, string> {
  const timestamp = Math.floor((input.now ?? new Date()).getTime() / 1000);
  return {
    "Content-Type": "application/json",
    "User-Agent": "ResellerPanel-Webhooks/1.0",
    "X-Webhook-Event": input.event,
    "X-Webhook-Id": input.eventId,
    "X-Webhook-Signature": bodySignature(input.secret, input.body),
    "webhook-id": input.eventId,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": standardSignature(input.secret, input.eventId, timestamp, input.body),
  };
}
