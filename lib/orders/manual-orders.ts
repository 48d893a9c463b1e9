import { z } from "zod";
import type { Db } from "@/lib/db/client";
import type { Order } from "@/lib/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { characterCount } from "@/lib/text/characters";
import { HIDDEN_CHARACTER_MESSAGE, hasHiddenCharacter } from "@/lib/text/hidden-characters";
import { getOrderForAdmin } from "./list-orders";
import { completeOrder, encryptDelivery, failOrder, refundOrder } from "./transitions";

/**
 * Any processing order can be closed by hand, not only the manual category's: one whose product was
 * switched to manual fulfilment waits for the admin too, and an admin can always settle an order that
 * its supplier left hanging. A supplier answer racing the admin loses, or wins, as a whole: the
 * transitions only move a processing order.
 */
export function assertProcessing(order: Order) {
  if (order.status !== "processing") throw new AppError("validation_error", `The order is already ${order.status}.`, { issues: [{ path: "status", message: order.status }] });
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
      const why = characterCount(codes[bad]) > MAX_DELIVERED_CODE ? `is over ${MAX_DELIVERED_CODE} characters` : "holds a control, direction or invisible character";
      context.addIssue({ code: "custom", message: `Code ${bad + 1} ${why}.`, input: codes });
    }),
});

export const failureReasonSchema = z.object({ reason: closingText("Give the reseller a reason.") });
export const refundReasonSchema = z.object({ reason: closingText("Give a reason for the refund.") });

/** The admin, acting as supplier, delivers an order by hand: a note, and codes if the service has any. */
export async function completeManualOrder(db: Db, orderId: string, input: { note: string; codes?: string[] }): Promise<Order> {
  assertProcessing(await getOrderForAdmin(db, orderId));
  const { note, codes } = manualDeliverySchema.parse({ note: input.note, codes: input.codes ?? [] });
  const items = codes.map((code) => ({ code, pin: null, serial: null }));
  const order = await db.transaction((tx) => completeOrder(tx, orderId, encryptDelivery(items, note)));
  if (!order) throw new AppError("validation_error", "The order changed meanwhile; reload it.");
  return order;
}

export async function failManualOrder(db: Db, orderId: string, reason: string): Promise<Order> {
  assertProcessing(await getOrderForAdmin(db, orderId));
  const parsed = failureReasonSchema.parse({ reason });
  const order = await db.transaction((tx) => failOrder(tx, orderId, parsed.reason));
  if (!order) throw new AppError("validation_error", "The order changed meanwhile; reload it.");
  return order;
}

/** Reverses a completed order of any kind and returns the charge. */
export async function refundCompletedOrder(db: Db, orderId: string, reason: string): Promise<Order> {
  const parsed = refundReasonSchema.parse({ reason });
  return db.transaction((tx) => refundOrder(tx, orderId, parsed.reason));
}
