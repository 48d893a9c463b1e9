"use server";

import { revalidatePath } from "next/cache";
import { requireAdmin } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { getOrderForAdmin } from "@/lib/orders/list-orders";
import { completeManualOrder, failManualOrder, refundCompletedOrder } from "@/lib/orders/manual-orders";
import { postOrderMessage } from "@/lib/orders/messages";
import { releaseOrder, takeOrder, takeOverOrder } from "@/lib/orders/take-order";
import { formatMoney } from "@/lib/money/money";
import type { ActionState } from "@/lib/panel/action-state";
import { formText, runAction } from "@/lib/panel/run-action";

function refresh(orderId: string) {
  revalidatePath(`/admin/orders/${orderId}`);
  revalidatePath("/admin/orders");
}

/** The admin, as the supplier, writes in a manual order's chat; "waiting for reply" tells the reseller an answer is needed. */
export async function postSupplierMessageAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return runAction(async () => {
    const admin = await requireAdmin();
    const order = await getOrderForAdmin(db(), formText(form, "orderId"));
    await postOrderMessage(db(), { order, author: "supplier", authorId: admin.id, text: formText(form, "text"), waitingReply: formText(form, "waitingReply") === "on" });
    refresh(order.id);
    return { ok: true, message: "Sent." };
  });
}

/** Delivers a manual order: the note (and any codes, one per line) go to the reseller. */
export async function completeOrderAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return runAction(async () => {
    const admin = await requireAdmin();
    const orderId = formText(form, "orderId");
    const codes = formText(form, "codes").split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
    await completeManualOrder(db(), orderId, admin.id, { note: formText(form, "note"), codes });
    refresh(orderId);
    return { ok: true, message: "The order is completed." };
  });
}

/** Fails a manual order; the charge goes back to the reseller in the same transaction. */
export async function failOrderAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return runAction(async () => {
    const admin = await requireAdmin();
    const orderId = formText(form, "orderId");
    const order = await failManualOrder(db(), orderId, admin.id, formText(form, "reason"));
    refresh(orderId);
    return { ok: true, message: `The order failed; ${formatMoney(order.total)} USD went back to the reseller.` };
  });
}

/** Reverses a completed order of any kind and returns its charge. */
export async function refundOrderAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return runAction(async () => {
    const admin = await requireAdmin();
    const orderId = formText(form, "orderId");
    const order = await refundCompletedOrder(db(), orderId, admin.id, formText(form, "reason"));
    refresh(orderId);
    return { ok: true, message: `Refunded ${formatMoney(order.total)} USD to the reseller.` };
  });
}

/**
 * Takes the order, or takes it over from the admin the page showed (`from`). The page is refreshed
 * whether or not it succeeds: a refusal names the admin who has the order, and the page shows them.
 */
export async function takeOrderAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return runAction(async () => {
    const admin = await requireAdmin();
    const orderId = formText(form, "orderId");
    const from = formText(form, "from");
    refresh(orderId);
    await (from ? takeOverOrder(db(), orderId, admin.id, from) : takeOrder(db(), orderId, admin.id));
    return { ok: true, message: "You have taken the order." };
  });
}

export async function releaseOrderAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return runAction(async () => {
    const admin = await requireAdmin();
    const orderId = formText(form, "orderId");
    refresh(orderId);
    await releaseOrder(db(), orderId, admin.id);
    return { ok: true, message: "You have released the order." };
  });
}
