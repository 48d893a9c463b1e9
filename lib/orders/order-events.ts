import type { DbOrTx } from "@/lib/db/client";
import type { Order, OrderStatus } from "@/lib/db/schema";
import { recordEvent } from "@/lib/events/record-event";
import { afterCommit } from "@/lib/observability/after-commit";
import { metrics } from "@/lib/observability/metrics";
import { toOrderEventRecordWithoutDelivery } from "./serialize";

/**
 * The order record as an event carries it. Delivered codes stay out of the outbox so that they exist
 * only encrypted at rest; whoever sends the event attaches `delivery` from the order itself.
 */
const eventRecord = toOrderEventRecordWithoutDelivery;

const FINISHED = new Set<OrderStatus>(["completed", "failed", "refunded"]);

export function recordOrderCreated(tx: DbOrTx, order: Order) {
  const category = order.type;
  afterCommit(() => metrics().ordersCreated.inc({ category }));
  return recordEvent(tx, { userId: order.userId, type: "order.created", data: eventRecord(order) });
}

// Object.assign, not `{ ...x, key }`: on Node 20 that literal makes a hidden class per call (answerHeaders, lib/api/answer.ts).
export function recordOrderStatusChanged(tx: DbOrTx, order: Order, previousStatus: OrderStatus) {
  const { type: category, status } = order;
  if (FINISHED.has(status)) afterCommit(() => metrics().ordersFinished.inc({ category, status }));
  return recordEvent(tx, {
    userId: order.userId,
    type: "order.status_changed",
    data: Object.assign({}, eventRecord(order), { previous_status: previousStatus }),
  });
}
