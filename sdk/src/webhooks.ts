import { createHmac, timingSafeEqual } from "node:crypto";
import type { WebhookEvent } from "./types.js";

/** A delivery whose signature, timestamp or body does not check out; answer it with 401. */
export class WebhookVerificationError extends Error {
  override readonly name = "WebhookVerificationError";
}

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface VerifyWebhookOptions {
  /** The webhook's signing secret (`whsec_...`), as the panel or `putWebhook` showed it. */
  secret: string;
  /** The request's headers: a fetch `Headers` or Node's `req.headers`. */
  headers: WebhookHeaders;
  /** The raw body, exactly as received: verify before parsing. */
  body: string | Uint8Array;
  /** How far `webhook-timestamp` may be from now (Standard Webhooks only). Default 300 s. */
  toleranceSeconds?: number;
  /** The clock, for tests. */
  now?: Date;
}

const SECRET_PREFIX = "whsec_";

/**
 * Checks a delivery and returns its event. With the Standard Webhooks headers (webhook-id,
 * webhook-timestamp, webhook-signature) it checks those, the timestamp within the tolerance, which
 * stops replays; without them, the seed's `X-Webhook-Signature: sha256=<hex HMAC of the body>`.
 * Throws WebhookVerificationError when the signature or timestamp does not check out.
 */
export function verifyWebhook(options: VerifyWebhookOptions): WebhookEvent {
  const body = typeof options.body === "string" ? Buffer.from(options.body, "utf8") : Buffer.from(options.body);
  const header = (name: string) => readHeader(options.headers, name);
  const standard = header("webhook-signature");
  if (standard !== undefined) verifyStandard(options, body, standard, header("webhook-id"), header("webhook-timestamp"));
  else {
    const signature = header("x-webhook-signature");
    if (signature === undefined) throw new WebhookVerificationError("No webhook signature header (X-Webhook-Signature or webhook-signature).");
    const expected = `sha256=${createHmac("sha256", options.secret).update(body).digest("hex")}`;
    if (!equal(signature, expected)) throw new WebhookVerificationError("X-Webhook-Signature does not match the body.");
  }
  try {
    return JSON.parse(body.toString("utf8")) as WebhookEvent;
  } catch {
    throw new WebhookVerificationError("The signed body is not JSON.");
  }
}

function verifyStandard(options: VerifyWebhookOptions, body: Buffer, signatures: string, id: string | undefined, timestamp: string | undefined): void {
  if (!id || !timestamp || !/^\d+$/.test(timestamp)) throw new WebhookVerificationError("webhook-id or webhook-timestamp is missing.");
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const tolerance = options.toleranceSeconds ?? 300;
  if (Math.abs(now - Number(timestamp)) > tolerance) throw new WebhookVerificationError(`webhook-timestamp is more than ${tolerance} s from now.`);
  const key = Buffer.from(options.secret.startsWith(SECRET_PREFIX) ? options.secret.slice(SECRET_PREFIX.length) : options.secret, "base64");
  const expected = createHmac("sha256", key).update(`${id}.${timestamp}.`).update(body).digest("base64");
  // Several space-separated signatures may come during a key rotation; one that matches suffices.
  const matches = signatures.split(" ").some((entry) => {
    const [version, signature] = entry.split(",", 2);
    return version === "v1" && signature !== undefined && equal(signature, expected);
  });
  if (!matches) throw new WebhookVerificationError("webhook-signature does not match the body.");
}

function readHeader(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name) ?? undefined;
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

function equal(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
