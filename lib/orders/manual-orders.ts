import { eq } from "drizzle-orm";
import { z } from "zod";
import { findUserById } from "@/lib/accounts/get-user";
import type { Db, DbOrTx } from "@/lib/db/client";
import { orders, type Order } from "@/lib/db/schema";
import { AppError, notFound } from "@/lib/errors/app-error";
import { isIdOf } from "@/lib/ids/ids";
import { characterCount } from "@/lib/text/characters";
import { HIDDEN_CHARACTER_MESSAGE, hasHiddenCharacter } from "@/lib/text/hidden-characters";
import { recordOrderActivity } from "./order-activity";
import { completeOrder, encryptDelivery, failOrder, refundOrder } from "./transitions";

/**
 * Any processing order can be closed by hand, not only the manual category's: one whose product was
 * switched to manual fulfilment waits for the admin too, and an admin can always settle an order that
 * its supplier left hanging. A supplier answer racing the admin loses, or wins, as a whole: the
 * transitions only move a processing order.
 */
export function assertProcessing(order: Order) {
  if (order.status !== "processing")
    throw new AppError("validation_error", `The order is already ${order.status}.`, { issues: [{ path: "status", message: order.status }] });
}

export const changedMeanwhile = () => new AppError("validation_error", "The order changed meanwhile; reload it.");

/** How refusals name an admin; the id when the account is gone. */
export async function holderEmail(db: DbOrTx, userId: string): Promise<string> {
  return (await findUserById(db, userId))?.email ?? userId;
}

/**
 * The order, its row locked until the transaction ends: a take, a supplier's answer or another admin's
 * close waits for this one, and then finds the order closed.
 */
async function lockOrder(tx: DbOrTx, orderId: string): Promise<Order> {
  // As getOrderForAdmin: text that cannot be an order id never reaches the database.
  if (!isIdOf("ord", orderId)) throw notFound("Order");
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!order) throw notFound("Order");
  return order;
}

/**
 * An order another admin has taken is theirs to close: closing it under them would undo the work they
 * are doing. Nobody's, anyone may close it, and the activity says who did.
 */
async function assertClosableBy(tx: DbOrTx, order: Order, adminId: string) {
  assertProcessing(order);
  if (order.takenBy && order.takenBy !== adminId)
    throw new AppError("validation_error", `Taken by ${await holderEmail(tx, order.takenBy)} — take it over first.`);
}

/** The longest note or reason: the reseller reads it beside the order, and integrators get it in the order record. */
export const MAX_CLOSING_TEXT = 500;
/** As a stock code's limit: a delivered code is one a reseller copies and redeems. */
export const MAX_DELIVERED_CODE = 200;

/**
 * One line the reseller reads as the admin wrote it: a direction override would show `\u202Eevil` as
 * "live", and a control character reaches integrators in the order record.
 */
const closingText = (missing: string) =>
  z
    .string()
    .trim()
    .min(1, missing)
    .refine((text) => characterCount(text) <= MAX_CLOSING_TEXT, `Use at most ${MAX_CLOSING_TEXT} characters.`)
    .refine((text) => !hasHiddenCharacter(text), HIDDEN_CHARACTER_MESSAGE);

export const manualDeliverySchema = z.object({
  note: closingText("Say what was delivered."),
  codes: z
    .array(z.string())
    .max(1000, "Deliver at most 1,000 codes.")
    .transform((codes) => codes.map((code) => code.trim()).filter(Boolean))
    .superRefine((codes, context) => {
      // One message naming the line, since the admin pastes the codes as one block.
      const bad = codes.findIndex((code) => characterCount(code) > MAX_DELIVERED_CODE || hasHiddenCharacter(code));
      if (bad < 0) return;
      const why =
        characterCount(codes[bad]) > MAX_DELIVERED_CODE ? `is over ${MAX_DELIVERED_CODE} characters` : "holds a control, direction or invisible character";
      context.addIssue({ code: "custom", message: `Code ${bad + 1} ${why}.`, input: codes });
    }),
});

export const failureReasonSchema = z.object({ reason: closingText("Give the reseller a reason.") });
export const refundReasonSchema = z.object({ reason: closingText("Give a reason for the refund.") });

/** The admin, acting as supplier, delivers an order by hand: a note, and codes if the service has any. */
export async function completeManualOrder(db: Db, orderId: string, adminId: string, input: { note: string; codes?: string[] }): Promise<Order> {
  return db.transaction(async (tx) => {
    await assertClosableBy(tx, await lockOrder(tx, orderId), adminId);
    const { note, codes } = manualDeliverySchema.parse({ note: input.note, codes: input.codes ?? [] });
    const items = codes.map((code) => ({ code, pin: null, serial: null }));
    // Locked and processing, as just checked: the conditional update cannot miss the order.
    const order = (await completeOrder(tx, orderId, encryptDelivery(items, note)))!;
    await recordOrderActivity(tx, { orderId, adminId, action: "completed" });
    return order;
  });
}

export async function failManualOrder(db: Db, orderId: string, adminId: string, reason: string): Promise<Order> {
  return db.transaction(async (tx) => {
    await assertClosableBy(tx, await lockOrder(tx, orderId), adminId);
    const parsed = failureReasonSchema.parse({ reason });
    // As in completeManualOrder, the locked processing order is always failed.
    const order = (await failOrder(tx, orderId, parsed.reason))!;
    await recordOrderActivity(tx, { orderId, adminId, action: "failed", detail: parsed.reason });
    return order;
  });
}

/** Reverses a completed order of any kind and returns the charge. Taking is about open orders: any admin may refund. */
export async function refundCompletedOrder(db: Db, orderId: string, adminId: string, reason: string): Promise<Order> {
  // As lockOrder: text that cannot be an order id is no order, not one in the wrong status.
  if (!isIdOf("ord", orderId)) throw notFound("Order");
  const parsed = refundReasonSchema.parse({ reason });
  return db.transaction(async (tx) => {
    const order = await refundOrder(tx, orderId, parsed.reason);
    await recordOrderActivity(tx, { orderId, adminId, action: "refunded", detail: parsed.reason });
    return order;
  });
}
