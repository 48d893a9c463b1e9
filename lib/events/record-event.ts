import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { preparedQuery } from "@/lib/db/prepared";
import { events, EXTENDED_EVENT_TYPES, type EventType } from "@/lib/db/schema";
import { enqueueWebhookDelivery } from "@/lib/webhooks/enqueue";
import type { WebhookEventData } from "@/lib/webhooks/payloads";

const insertEvent = preparedQuery((db) =>
  db
    .insert(events)
    .values({ id: sql.placeholder("id"), userId: sql.placeholder("userId"), type: sql.placeholder("type"), data: sql.placeholder("data") })
    .prepare("insert_event"),
);

const EXTENDED = new Set<EventType>(EXTENDED_EVENT_TYPES);

/**
 * Writes an event into the outbox; call it inside the transaction of the change it reports. When the
 * reseller has an enabled webhook, the event's delivery job is queued in that same transaction. The data
 * is typed by the event's schema in lib/webhooks/payloads, which the OpenAPI document describes.
 */
export async function recordEvent<T extends EventType>(tx: DbOrTx, input: { userId: string; type: T; data: WebhookEventData<T> }): Promise<string> {
  const id = randomUUID();
  await insertEvent(tx).execute({ id, userId: input.userId, type: input.type, data: input.data });
  await enqueueWebhookDelivery(tx, input.userId, id, EXTENDED.has(input.type));
  return id;
}
