import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { preparedQuery } from "@/lib/db/prepared";
import { orders, type AppEvent, type Order } from "@/lib/db/schema";
import { toOrderEventRecord } from "@/lib/orders/serialize";
import { TEST_EVENT } from "./constants";
import type { WebhookEnvelope, WebhookEventData } from "./payloads";

/**
 * The envelope every delivery carries, serialised once: these bytes are what gets signed and sent. Its
 * fields are those of webhookEnvelopeSchema, which documents them.
 */
function envelope(event: string, eventId: string, timestamp: Date, data: Record<string, unknown>): string {
  return JSON.stringify({ event, event_id: eventId, timestamp: timestamp.toISOString(), data } satisfies Record<keyof WebhookEnvelope, unknown>);
}

const orderById = preparedQuery((db) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.id, sql.placeholder("orderId")))
    .prepare("order_by_id"),
);

/**
 * The order an event's body is completed from, if any. Order events are stored without their delivered
 * codes (those exist only encrypted at rest), so an order event that reports a completed (or since
 * refunded) order gets its `delivery` from the order itself, as the order endpoints show it.
 */
export function orderOfEventBody(event: AppEvent): string | null {
  const { status, order_id } = event.data;
  // The claim events' `status` is the claim's, and they carry no codes.
  const ofOrder = event.type === "order.created" || event.type === "order.status_changed";
  return ofOrder && (status === "completed" || status === "refunded") && typeof order_id === "string" ? order_id : null;
}

/** The body of an outbox event, given the order that orderOfEventBody names (when it still exists). */
export function eventBody(event: AppEvent, order?: Order): string {
  const data = order ? { ...event.data, delivery: toOrderEventRecord(order).delivery } : event.data;
  return envelope(event.type, event.id, event.createdAt, data);
}

export async function buildEventBody(db: DbOrTx, event: AppEvent): Promise<string> {
  const orderId = orderOfEventBody(event);
  const [order] = orderId ? await orderById(db).execute({ orderId }) : [];
  return eventBody(event, order);
}

export function testEventBody(eventId: string, now: Date): string {
  const data: WebhookEventData<typeof TEST_EVENT> = { message: "test" };
  return envelope(TEST_EVENT, eventId, now, data);
}
