"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { confirmedItemsSchema, MAX_BULK_LINES, placeBulkOrder, reviewBulkOrder } from "@/lib/orders/bulk-order";
import { spendPanelBudget } from "@/lib/panel/panel-budget";
import { panelCall } from "@/lib/panel/panel-action";
import { panelActor } from "@/lib/panel/panel-actor";

/** Far more than 50 lines of skus need; a paste past it is not an order list. */
const MAX_TEXT = 20_000;

const orderList = z
  .string({ error: "Give one sku a line, with its quantity." })
  .refine((text) => text.trim() !== "", "Give one sku a line, with its quantity.")
  .refine((text) => text.length <= MAX_TEXT, `The list is too long: give at most ${MAX_BULK_LINES} lines.`);

/** The confirmation's figures: what each line costs at the reseller's prices, and the lines that cannot be ordered. Nothing is charged. */
export const reviewBulkOrderAction = panelCall(
  { role: "reseller", capability: "orders_write", input: z.object({ text: orderList }) },
  async ({ user, input }) => ({ ok: true, data: await reviewBulkOrder(db(), user, input.text) }),
  (text: string) => ({ text }),
);

/**
 * Places the review's items, as reviewed; `batchKey` is made when the list is first reviewed, so
 * sending the confirmation again charges each line once. Each line counts against the order budget.
 */
export const placeBulkOrderAction = panelCall(
  {
    role: "reseller",
    capability: "orders_write",
    input: z.object({
      items: confirmedItemsSchema,
      batchKey: z.string({ error: "Review the order again before confirming." }).regex(/^[A-Za-z0-9-]{8,100}$/, "Review the order again before confirming."),
    }),
  },
  async ({ user, member, input }) => {
    const outcomes = await placeBulkOrder(
      db(),
      user,
      input.items,
      input.batchKey,
      () => spendPanelBudget(user.id, "order_create", "orders"),
      await panelActor(member),
    );
    // The balance in the panel's frame changed.
    revalidatePath("/", "layout");
    return { ok: true, data: outcomes };
  },
  (items: unknown, batchKey: string) => ({ items, batchKey }),
);
