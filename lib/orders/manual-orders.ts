import type { Db } from "@/lib/db/client";
import type { Order } from "@/lib/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { getOrderForAdmin } from "./list-orders";
import { completeOrder, encryptDelivery, failOrder, refundOrder } from "./transitions";

/**
 * Any processing order can be closed by hand, not only the manual category's: one whose product was
 * switched to manual fulfilment waits for the admin too, and an admin can always settle an order that
 * its supplier left hanging. A supplier answer racing the admin loses, or wins, as a whole: the
 * transitions only move a processing order.
 */
function assertProcessing(order: Order) {
  if (order.status !== "processing") throw new AppError("validation_error", `The order is already ${order.status}.`, { issues: [{ path: "status", message: order.status }] });
}

/** The admin, acting as supplier, delivers an order by hand: a note, and codes if the service has any. */
export async function completeManualOrder(db: Db, orderId: string, input: { note: string; codes?: string[] }): Promise<Order> {
  assertProcessing(await getOrderForAdmin(db, orderId));
  const note = input.note.trim();
  if (!note) throw new AppError("validation_error", "Say what was delivered.", { issues: [{ path: "note", message: "is required" }] });
  const items = (input.codes ?? []).map((c) => c.trim()).filter(Boolean).map((code) => ({ code, pin: null, serial: null }));
  const order = await db.transaction((tx) => completeOrder(tx, orderId, encryptDelivery(items, note)));
  if (!order) throw new AppError("validation_error", "The order changed meanwhile; reload it.");
  return order;
}

export async function failManualOrder(db: Db, orderId: string, reason: string): Promise<Order> {
  assertProcessing(await getOrderForAdmin(db, orderId));
  if (!reason.trim()) throw new AppError("validation_error", "Give the reseller a reason.", { issues: [{ path: "reason", message: "is required" }] });
  const order = await db.transaction((tx) => failOrder(tx, orderId, reason.trim()));
  if (!order) throw new AppError("validation_error", "The order changed meanwhile; reload it.");
  return order;
}

/** Reverses a completed order of any kind and returns the charge. */
export function refundCompletedOrder(db: Db, orderId: string, reason: string): Promise<Order> {
  if (!reason.trim()) throw new AppError("validation_error", "Give a reason for the refund.", { issues: [{ path: "reason", message: "is required" }] });
  return db.transaction((tx) => refundOrder(tx, orderId, reason.trim()));
}
