import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { HeaderReader } from "@/lib/http/header-reader";
import { tryDecryptSecret } from "@/lib/crypto/encryption";
import type { Db } from "@/lib/db/client";
import { OPEN_ATTEMPT_STATUSES, supplierAttempts, suppliers } from "@/lib/db/schema";
import { AppError, notFound } from "@/lib/errors/app-error";
import { isIdOf } from "@/lib/ids/ids";
import { enqueueJob, runJobNow } from "@/lib/jobs/queue";
import { standardWebhooksKey } from "@/lib/webhooks/signature";
import { reconcileJobKey, SUPPLIER_RECONCILE_JOB } from "./route-order";
import { componentLogger } from "@/lib/observability/logger";
import { claimOfOpenAttempt, claimReplaceJobKey, CLAIM_REPLACE_JOB } from "@/lib/claims/supplier-replacement";
import { wakeUpstreamClaim } from "@/lib/claims/upstream-claims";

/*
 * An upstream's signed webhooks (kind reseller-api: another instance of this product), received on
 * POST /api/suppliers/{id}/webhook. They are checked as docs/api.md tells our own receivers to check
 * ours: X-Webhook-Signature, "sha256=" and the hex HMAC-SHA256 of the raw body keyed with the whole
 * secret; and, for a timestamp a replay cannot reuse, the Standard Webhooks `webhook-signature` over
 * "{webhook-id}.{webhook-timestamp}.{body}" with the timestamp within five minutes. A verified event only
 * wakes the reconcile of the order it names: the upstream's record is then read from the upstream by
 * our reference, so a body, forged or replayed, never delivers anything by itself.
 */

/** Standard Webhooks' default tolerance for webhook-timestamp, either way. */
export const WEBHOOK_TOLERANCE_S = 5 * 60;
export const MAX_WEBHOOK_BYTES = 256 * 1024;
const JSON_TYPE = /^application\/(?:[\w.!#$&^-]+\+)?json[ \t]*(?:;|$)/i;
const utf8 = new TextDecoder("utf-8", { fatal: true });

export type SupplierWebhookOutcome =
  | { action: "reconciling"; orderId: string }
  | { action: "replacing"; claimId: string }
  | { action: "checking_claim"; claimId: string }
  | { action: "ignored"; reason: string };

function sameBytes(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const refused = (message: string) => new AppError("unauthenticated", message);

/** The checks, in the order a receiver of ours makes them; throws the 401 that says which failed. */
export function verifySupplierWebhook(secret: string, headers: HeaderReader, body: Uint8Array, nowMs = Date.now()): void {
  const signature = headers.get("x-webhook-signature") ?? "";
  if (!signature) throw refused("X-Webhook-Signature is missing.");
  if (!sameBytes(signature, `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`)) throw refused("X-Webhook-Signature does not match the body.");
  const id = headers.get("webhook-id") ?? "";
  const timestamp = headers.get("webhook-timestamp") ?? "";
  if (!id || !/^\d{1,12}$/.test(timestamp)) throw refused("webhook-id and webhook-timestamp (Unix seconds) are required.");
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > WEBHOOK_TOLERANCE_S)
    throw refused(`webhook-timestamp is more than ${WEBHOOK_TOLERANCE_S / 60} minutes from now: a stale or replayed delivery.`);
  const signed = createHmac("sha256", standardWebhooksKey(secret)).update(`${id}.${timestamp}.`).update(body).digest("base64");
  // The header may list several signatures (a rotation), each "v1,<base64>"; one matching is enough.
  const given = (headers.get("webhook-signature") ?? "").split(" ").filter((part) => part.startsWith("v1,"));
  if (!given.some((part) => sameBytes(part.slice(3), signed))) throw refused("webhook-signature does not match the id, the timestamp and the body.");
}

interface WebhookEnvelope {
  event: string;
  data: Record<string, unknown>;
}

function parseEnvelope(body: Uint8Array): WebhookEnvelope {
  let value: unknown;
  try {
    value = JSON.parse(utf8.decode(body));
  } catch {
    throw new AppError("invalid_json", "The body is not valid JSON.");
  }
  const envelope = value as Partial<WebhookEnvelope> | null;
  if (typeof envelope?.event !== "string" || typeof envelope.data !== "object" || envelope.data === null || Array.isArray(envelope.data)) {
    throw new AppError("validation_error", "The body must be the webhook envelope {event, event_id, timestamp, data}.");
  }
  return envelope as WebhookEnvelope;
}

/**
 * Verifies a delivery from a supplier and, when it is an order event of one of our attempts still open
 * there, makes that order's reconcile job due now. Anything else verified is answered and ignored.
 */
export async function receiveSupplierWebhook(
  db: Db,
  input: { supplierId: string; headers: HeaderReader; body: Uint8Array; nowMs?: number; log?: (line: string) => void },
): Promise<SupplierWebhookOutcome> {
  const { supplierId, headers, body, log = (line: string) => componentLogger("suppliers").info(line) } = input;
  const [supplier] = isIdOf("sup", supplierId) ? await db.select().from(suppliers).where(eq(suppliers.id, supplierId)) : [];
  const secret = supplier?.webhookSecretEncrypted ? tryDecryptSecret(supplier.webhookSecretEncrypted) : null;
  // A supplier without a webhook set up has no endpoint here, whatever it sends.
  if (!supplier || !secret) throw notFound("Supplier webhook");
  const type = headers.get("content-type");
  if (!type || !JSON_TYPE.test(type.trim())) throw new AppError("unsupported_media_type", "Send the webhook as JSON with Content-Type: application/json.");
  if (body.byteLength > MAX_WEBHOOK_BYTES) throw new AppError("payload_too_large", `The body is over ${MAX_WEBHOOK_BYTES / 1024} KiB.`);
  verifySupplierWebhook(secret, headers, body, input.nowMs);
  const { event, data } = parseEnvelope(body);

  // A claim we forwarded: its record is read from the upstream by our claim's job.
  if (event.startsWith("order.claim.")) {
    const claimId = typeof data.claim_id === "string" ? await wakeUpstreamClaim(db, supplier.id, data.claim_id) : null;
    if (!claimId) return { action: "ignored", reason: "not a claim of ours" };
    log(`[suppliers] verified webhook ${event} from ${supplier.id}: checking claim ${claimId} now`);
    return { action: "checking_claim", claimId };
  }
  const reference = data.reference;
  if (!event.startsWith("order.") || typeof reference !== "string" || !isIdOf("sat", reference)) return { action: "ignored", reason: "not an order of ours" };
  // An attempt that buys a claim's replacement wakes that claim's job, not the order's.
  const replacing = await claimOfOpenAttempt(db, supplier.id, reference);
  if (replacing) {
    await enqueueJob(db, { kind: CLAIM_REPLACE_JOB, payload: { claimId: replacing }, dedupeKey: claimReplaceJobKey(replacing) });
    await runJobNow(db, claimReplaceJobKey(replacing));
    return { action: "replacing", claimId: replacing };
  }
  const [attempt] = await db
    .select({ orderId: supplierAttempts.orderId })
    .from(supplierAttempts)
    .where(and(eq(supplierAttempts.id, reference), eq(supplierAttempts.supplierId, supplier.id), inArray(supplierAttempts.status, [...OPEN_ATTEMPT_STATUSES])));
  if (!attempt) return { action: "ignored", reason: "no open attempt by that reference" };
  // Made due now: a pending job (the back-off's) is brought forward, a missing one is added.
  await enqueueJob(db, { kind: SUPPLIER_RECONCILE_JOB, payload: { orderId: attempt.orderId }, dedupeKey: reconcileJobKey(attempt.orderId) });
  await runJobNow(db, reconcileJobKey(attempt.orderId));
  log(`[suppliers] verified webhook ${event} from ${supplier.id} for ${reference}: reconciling order ${attempt.orderId} now`);
  return { action: "reconciling", orderId: attempt.orderId };
}
