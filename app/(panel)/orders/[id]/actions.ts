"use server";

import { z } from "zod";
import { db } from "@/lib/db/client";
import { getOrder } from "@/lib/orders/list-orders";
import { postOrderMessage } from "@/lib/orders/messages";
import { textField } from "@/lib/panel/form-fields";
import { panelAction } from "@/lib/panel/panel-action";

/** The reseller writes to the supplier in a manual order's chat. */
export const postResellerMessageAction = panelAction(
  { role: "reseller", capability: "orders_write", budget: { category: "default", what: "messages" }, input: z.object({ orderId: textField, text: textField }) },
  async ({ user, input }) => {
    const order = await getOrder(db(), user.id, input.orderId);
    await postOrderMessage(db(), { order, author: "reseller", authorId: user.id, text: input.text });
    return { ok: true };
  },
);
