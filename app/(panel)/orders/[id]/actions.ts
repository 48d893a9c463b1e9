"use server";

import { requireReseller } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { getOrder } from "@/lib/orders/list-orders";
import { postOrderMessage } from "@/lib/orders/messages";
import type { ActionState } from "@/lib/panel/action-state";
import { spendPanelBudget } from "@/lib/panel/panel-budget";
import { formText, runAction } from "@/lib/panel/run-action";

/** The reseller writes to the supplier in a manual order's chat. */
export async function postResellerMessageAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return runAction(async () => {
    const user = await requireReseller();
    await spendPanelBudget(user.id, "default", "messages");
    const order = await getOrder(db(), user.id, formText(form, "orderId"));
    await postOrderMessage(db(), { order, author: "reseller", authorId: user.id, text: formText(form, "text") });
    return { ok: true };
  });
}
