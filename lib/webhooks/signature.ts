import { createHmac, randomInt } from "node:crypto";
import { z } from "zod";

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

/** The headers a receiver checks, as the OpenAPI document describes them; deliveryHeaders is typed by it. */
export const webhookHeadersSchema = z.object({
  "X-Webhook-Signature": z
    .string()
    .regex(/^sha256=[0-9a-f]{64}$/)
    .meta({
      description:
        "`sha256=` and the lowercase hex HMAC-SHA256 of the raw request body, keyed with the whole secret exactly as shown, `whsec_` prefix included (its UTF-8 bytes). " +
        "Compute it over the unmodified body bytes, compare in constant time, and refuse a mismatch (e.g. with 401).",
      example: "sha256=0d239a949052f2b30346387507f2037c2ce8a6873e036066beef353e477f22db",
    }),
  "X-Webhook-Event": z.string().meta({ description: "The event name, as `event` in the body.", example: "order.status_changed" }),
  "X-Webhook-Id": z.uuid().meta({ description: "The event id, as `event_id` in the body." }),
  "webhook-id": z.uuid().meta({ description: "Standard Webhooks: the event id again, as `event_id`." }),
  "webhook-timestamp": z.string().regex(/^\d+$/).meta({
    description:
      "Standard Webhooks: Unix time in seconds of this attempt (not of the event), so a retry or redelivery carries a fresh one and passes a receiver's replay window.",
    example: "1795774530",
  }),
  "webhook-signature": z
    .string()
    .regex(/^v1,[A-Za-z0-9+/]{43}=$/)
    .meta({
      description:
        "Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}`, keyed with the base64-decoded part of the secret after `whsec_` " +
        "(24 bytes), not with the secret's text as `X-Webhook-Signature` is. That is the Standard Webhooks convention, so its libraries verify it when given the whole secret: " +
        '`new Webhook("whsec_...").verify(body, headers)`.',
      example: "v1,S0eZtcOnje8gX1beIuIDlqiKwM3zhHq2RqNL1e/Nvj4=",
    }),
});

export type WebhookHeaders = z.infer<typeof webhookHeadersSchema>;

/** Every header of a delivery. The Standard Webhooks timestamp is the attempt's, so retries stay inside receivers' tolerance. */
export function deliveryHeaders(input: { secret: string; eventId: string; event: string; body: string; now?: Date }): WebhookHeaders & Record<string, string> {
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
