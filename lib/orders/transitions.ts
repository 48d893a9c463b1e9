import { and, eq, sql } from "drizzle-orm";
import { encryptSecret } from "@/lib/crypto/encryption";
import type { DbOrTx } from "@/lib/db/client";
import { preparedQuery, setPlaceholder } from "@/lib/db/prepared";
import { orders, stockCodes, type Order, type OrderStatus, type StoredDelivery } from "@/lib/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { postLedgerEntry } from "@/lib/ledger/post-entry";
import { refundedSoFar } from "@/lib/ledger/refunded";
import { notify } from "@/lib/notifications/notify";
import { recordOrderStatusChanged } from "./order-events";

/**
 * Moves an order from one status to the next only if it is still in the expected one, so two
 * workers (or a worker and an admin) can never both complete, fail or refund the same order.
 */
async function transition(tx: DbOrTx, orderId: string, from: OrderStatus, set: Partial<Order> & { status: OrderStatus }): Promise<Order | null> {
  // Object.assign, not `{ ...x, key }`: on Node 20 that literal makes a hidden class per call (answerHeaders, lib/api/answer.ts).
  const [order] = await tx
    .update(orders)
    .set(Object.assign({}, set, { updatedAt: sql`now()` }))
    .where(and(eq(orders.id, orderId), eq(orders.status, from)))
    .returning();
  if (order) await recordOrderStatusChanged(tx, order, from);
  return order ?? null;
}

export function encryptDelivery(items: { code: string | null; pin: string | null; serial: string | null }[], note: string | null): StoredDelivery {
  return {
    items: items.map((item) => ({
      codeEncrypted: item.code ? encryptSecret(item.code) : null,
      pinEncrypted: item.pin ? encryptSecret(item.pin) : null,
      serial: item.serial,
    })),
    note,
  };
}

/**
 * transition() from processing to completed, prepared: every delivered order goes through it. Both
 * stamps are the database's `now()`, so that `completed_at` is never after `updated_at`.
 */
const completeProcessing = preparedQuery((db) =>
  db
    .update(orders)
    .set({ status: "completed", delivery: setPlaceholder("delivery", orders.delivery), completedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(orders.id, sql.placeholder("orderId")), eq(orders.status, "processing")))
    .returning()
    .prepare("complete_order"),
);

export async function completeOrder(tx: DbOrTx, orderId: string, delivery: StoredDelivery): Promise<Order | null> {
  const [order] = await completeProcessing(tx).execute({ orderId, delivery });
  if (order) await recordOrderStatusChanged(tx, order, "processing");
  return order ?? null;
}

/** Fulfilment failed: the charge comes back and reserved codes go back to stock, in one transaction. */
export async function failOrder(tx: DbOrTx, orderId: string, reason: string): Promise<Order | null> {
  const order = await transition(tx, orderId, "processing", { status: "failed", failureReason: reason });
  if (!order) return null;
  await tx.update(stockCodes).set({ orderId: null }).where(eq(stockCodes.orderId, orderId));
  await postLedgerEntry(tx, { userId: order.userId, type: "refund", amount: order.total, orderId, description: `Refund: ${order.productName} (failed)` });
  await notify(tx, { userId: order.userId, kind: "order_failed", orderId, productName: order.productName, reason, refunded: order.total });
  return order;
}

/**
 * An admin reverses a completed order; what is left of the charge is returned (all of it, unless a
 * claim refunded part already). The delivered codes are not restocked.
 */
export async function refundOrder(tx: DbOrTx, orderId: string, reason: string): Promise<Order> {
  const order = await markRefunded(tx, orderId, reason);
  if (!order) throw new AppError("validation_error", "Only a completed order can be refunded.", { issues: [{ path: "status", message: "must be completed" }] });
  const rest = order.total - (await refundedSoFar(tx, orderId));
  if (rest > 0n) await postLedgerEntry(tx, { userId: order.userId, type: "refund", amount: rest, orderId, description: `Refund: ${order.productName}` });
  await notify(tx, { userId: order.userId, kind: "order_refunded", orderId, productName: order.productName, reason, refunded: rest });
  return order;
}

/** completed to refunded, with its order.status_changed; null when the order was not completed. The money is the caller's. */
export function markRefunded(tx: DbOrTx, orderId: string, reason: string): Promise<Order | null> {
  return transition(tx, orderId, "completed", { status: "refunded", failureReason: reason });
}
