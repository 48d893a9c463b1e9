"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { formatMoney } from "@/lib/money/money";
import { getOrderForAdmin } from "@/lib/orders/list-orders";
import { completeManualOrder, failManualOrder, refundCompletedOrder } from "@/lib/orders/manual-orders";
import { postOrderMessage } from "@/lib/orders/messages";
import { releaseOrder, takeOrder, takeOverOrder } from "@/lib/orders/take-order";
import { checkboxField, textField } from "@/lib/panel/form-fields";
import { panelAction } from "@/lib/panel/panel-action";

function refresh(orderId: string) {
  revalidatePath(`/admin/orders/${orderId}`);
  revalidatePath("/admin/orders");
}

const anOrder = z.object({ orderId: textField });
const withReason = anOrder.extend({ reason: textField });

/** The admin, as the supplier, writes in a manual order's chat; "waiting for reply" tells the reseller an answer is needed. */
export const postSupplierMessageAction = panelAction(
  { role: "admin", input: anOrder.extend({ text: textField, waitingReply: checkboxField }) },
  async ({ user, input }) => {
    const order = await getOrderForAdmin(db(), input.orderId);
    await postOrderMessage(db(), { order, author: "supplier", authorId: user.id, text: input.text, waitingReply: input.waitingReply });
    refresh(order.id);
    return { ok: true, message: "Sent." };
  },
);

/** Delivers a manual order: the note (and any codes, one per line) go to the reseller. */
export const completeOrderAction = panelAction(
  {
    role: "admin",
    input: anOrder.extend({
      note: textField,
      codes: textField.transform((text) =>
        text
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter(Boolean),
      ),
    }),
  },
  async ({ user, input }) => {
    await completeManualOrder(db(), input.orderId, user.id, { note: input.note, codes: input.codes });
    refresh(input.orderId);
    return { ok: true, message: "The order is completed." };
  },
);

/** Fails a manual order; the charge goes back to the reseller in the same transaction. */
export const failOrderAction = panelAction({ role: "admin", input: withReason }, async ({ user, input }) => {
  const order = await failManualOrder(db(), input.orderId, user.id, input.reason);
  refresh(input.orderId);
  return { ok: true, message: `The order failed; ${formatMoney(order.total)} USD went back to the reseller.` };
});

/** Reverses a completed order of any kind and returns its charge. */
export const refundOrderAction = panelAction({ role: "admin", input: withReason }, async ({ user, input }) => {
  const order = await refundCompletedOrder(db(), input.orderId, user.id, input.reason);
  refresh(input.orderId);
  return { ok: true, message: `Refunded ${formatMoney(order.total)} USD to the reseller.` };
});

/**
 * Takes the order, or takes it over from the admin the page showed (`from`). The page is refreshed
 * whether or not it succeeds: a refusal names the admin who has the order, and the page shows them.
 */
export const takeOrderAction = panelAction({ role: "admin", input: anOrder.extend({ from: textField }) }, async ({ user, input }) => {
  refresh(input.orderId);
  await (input.from ? takeOverOrder(db(), input.orderId, user.id, input.from) : takeOrder(db(), input.orderId, user.id));
  return { ok: true, message: "You have taken the order." };
});

export const releaseOrderAction = panelAction({ role: "admin", input: anOrder }, async ({ user, input }) => {
  refresh(input.orderId);
  await releaseOrder(db(), input.orderId, user.id);
  return { ok: true, message: "You have released the order." };
});
