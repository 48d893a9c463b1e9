import { and, desc, eq, lt, type SQL } from "drizzle-orm";
import { decryptSecret } from "@/lib/crypto/encryption";
import type { DbOrTx } from "@/lib/db/client";
import { pageOf } from "@/lib/db/page";
import { webhookDeliveries, type WebhookDelivery, type WebhookDeliveryStatus, type WebhookDeliveryTrigger } from "@/lib/db/schema";
import { notFound } from "@/lib/errors/app-error";

/** A delivery attempt as the API and the panel show it. */
export interface DeliveryRecord {
  delivery_id: string;
  event_id: string;
  event: string;
  url: string;
  attempt: number;
  trigger: WebhookDeliveryTrigger;
  status: WebhookDeliveryStatus;
  response_status: number | null;
  duration_ms: number | null;
  error: string | null;
  created_at: string;
  next_retry_at: string | null;
  payload: string;
  response_body: string | null;
}

export function toDeliveryRecord(row: WebhookDelivery): DeliveryRecord {
  return {
    delivery_id: row.id,
    event_id: row.eventId,
    event: row.event,
    url: row.url,
    attempt: row.attempt,
    trigger: row.trigger,
    status: row.status,
    response_status: row.responseStatus,
    duration_ms: row.durationMs,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    next_retry_at: row.nextRetryAt?.toISOString() ?? null,
    payload: decryptSecret(row.requestBodyEncrypted),
    response_body: row.responseBody,
  };
}

/** A reseller's delivery attempts, newest first; the cursor is the last id of the previous page. */
export async function listDeliveries(
  db: DbOrTx,
  options: { userId: string; cursor?: string; limit: number },
): Promise<{ data: WebhookDelivery[]; nextCursor: string | null }> {
  const conditions: SQL[] = [eq(webhookDeliveries.userId, options.userId)];
  if (options.cursor) conditions.push(lt(webhookDeliveries.id, options.cursor));
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(and(...conditions))
    .orderBy(desc(webhookDeliveries.id))
    .limit(options.limit + 1);
  return pageOf(rows, options.limit);
}

/** One delivery of this reseller; another reseller's id reads as not found. */
export async function getDelivery(db: DbOrTx, userId: string, id: string): Promise<WebhookDelivery> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.userId, userId)));
  if (!row) throw notFound("Delivery");
  return row;
}
