"use server";

import { revalidatePath } from "next/cache";
import { requireReseller } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { confirmedItemsSchema, MAX_BULK_LINES, placeBulkOrder, reviewBulkOrder, type BulkOutcome, type BulkReview } from "@/lib/orders/bulk-order";
import type { ActionState } from "@/lib/panel/action-state";
import { spendPanelBudget } from "@/lib/panel/panel-budget";
import { runAction } from "@/lib/panel/run-action";

/** Far more than 50 lines of skus need; a paste past it is not an order list. */
const MAX_TEXT = 20_000;

function checkedText(text: unknown): string {
  if (typeof text !== "string" || text.trim() === "") throw new AppError("validation_error", "Give one sku a line, with its quantity.");
  if (text.length > MAX_TEXT) throw new AppError("validation_error", `The list is too long: give at most ${MAX_BULK_LINES} lines.`);
  return text;
}

/** The confirmation's figures: what each line costs at the reseller's prices, and the lines that cannot be ordered. Nothing is charged. */
export async function reviewBulkOrderAction(text: string): Promise<ActionState<BulkReview>> {
  return runAction(async () => {
    const user = await requireReseller();
    return { ok: true, data: await reviewBulkOrder(db(), user, checkedText(text)) };
  });
}

/**
 * Places the review's items, as reviewed; `batchKey` is made when the list is first reviewed, so
 * sending the confirmation again charges each line once.
 */
export async function placeBulkOrderAction(items: unknown, batchKey: string): Promise<ActionState<BulkOutcome[]>> {
  const result = await runAction(async () => {
    const user = await requireReseller();
    if (typeof batchKey !== "string" || !/^[A-Za-z0-9-]{8,100}$/.test(batchKey)) throw new AppError("validation_error", "Review the order again before confirming.");
    const confirmed = confirmedItemsSchema.parse(items);
    const outcomes = await placeBulkOrder(db(), user, confirmed, batchKey, () => spendPanelBudget(user.id, "order_create", "orders"));
    return { ok: true, data: outcomes };
  });
  // The balance in the panel's frame changed.
  if (result.ok) revalidatePath("/", "layout");
  return result;
}
