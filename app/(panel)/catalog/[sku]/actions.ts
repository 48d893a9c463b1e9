"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { requireReseller } from "@/lib/auth/session";
import { checkRecipient } from "@/lib/catalog/check-recipient";
import { findProduct } from "@/lib/catalog/get-product";
import { SKU_PATTERN } from "@/lib/catalog/product-input";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { RECIPIENT_FIELDS } from "@/lib/fulfilment/recipient";
import { parseMoney } from "@/lib/money/money";
import { placeOrder } from "@/lib/orders/place-order";
import { orderReferenceSchema } from "@/lib/orders/reference";
import type { ActionState } from "@/lib/panel/action-state";
import { spendPanelBudget } from "@/lib/panel/panel-budget";
import { formText, runAction } from "@/lib/panel/run-action";

export type RecipientCheckResult = { valid: true; nickname: string } | { valid: false; reason: string };

/** Asks the supplier whether the recipient (player id, login, username) exists, before any money moves. */
export async function checkRecipientAction(sku: string, fields: Record<string, string>): Promise<RecipientCheckResult> {
  const user = await requireReseller();
  try {
    // Each check asks the supplier; GET /checkplayerid counts them in the same category.
    await spendPanelBudget(user.id, "default", "recipient checks");
    const product = typeof sku === "string" ? await findProduct(db(), sku) : null;
    if (!product || !product.enabled) return { valid: false, reason: "This product is not on sale." };
    const field = RECIPIENT_FIELDS.find((name) => product.fields.some((f) => f.name === name));
    if (!field) return { valid: false, reason: "This product has no recipient to check." };
    const given = Object.fromEntries(Object.entries(fields ?? {}).filter(([, value]) => typeof value === "string")) as Record<string, string>;
    return await checkRecipient(db(), { sku: product.sku, field, fields: given });
  } catch (error) {
    if (error instanceof AppError) return { valid: false, reason: error.message };
    console.error("[panel] recipient check failed:", error);
    return { valid: false, reason: "The check is unavailable right now. Try again in a moment." };
  }
}

/**
 * Places the order the reseller confirmed and opens its page. The idempotency key is made when the
 * confirmation step opens, so a double submit charges once.
 */
export async function placeOrderAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const result = await runAction<string>(async () => {
    const user = await requireReseller();
    const fields: Record<string, string> = {};
    for (const [name, value] of form.entries()) {
      if (name.startsWith("fields.") && typeof value === "string" && value.trim() !== "") fields[name.slice("fields.".length)] = value.trim();
    }
    const reference = formText(form, "reference").trim();
    const referenceCheck = reference ? orderReferenceSchema.safeParse(reference) : null;
    if (referenceCheck && !referenceCheck.success) {
      return { ok: false, message: "Check the highlighted fields.", fieldErrors: { reference: referenceCheck.error.issues[0].message } };
    }
    const quantityText = formText(form, "quantity").trim();
    const quantity = /^\d{1,6}$/.test(quantityText) ? Number(quantityText) : Number.NaN;
    const key = formText(form, "idempotencyKey");
    const confirmedPrice = parseMoney(formText(form, "confirmedPrice"));
    await spendPanelBudget(user.id, "order_create", "orders");
    try {
      const { order } = await placeOrder(db(), {
        user,
        sku: formText(form, "sku"),
        quantity,
        fields,
        reference: reference || null,
        idempotencyKey: /^[A-Za-z0-9-]{8,100}$/.test(key) ? `panel:${key}` : null,
        source: "panel",
        maxUnitPrice: confirmedPrice !== null && confirmedPrice > 0n ? confirmedPrice : undefined,
      });
      return { ok: true, data: order.id };
    } catch (error) {
      if (error instanceof AppError && error.code === "duplicate_reference") {
        return { ok: false, message: "Check the highlighted fields.", fieldErrors: { reference: `Already used by order ${String(error.details.order_id ?? "")}.`.replace(" .", ".") } };
      }
      throw error;
    }
  });
  if (result.ok && typeof result.data === "string") {
    // The balance in the panel's frame changed: render the layout afresh with the order page.
    revalidatePath("/", "layout");
    redirect(`/orders/${result.data}`);
  }
  // A refusal may be of a price or stock the page showed before it changed: the page renders afresh
  // with this answer, so reviewing again shows what the server now charges.
  const sku = formText(form, "sku");
  if (!result.ok && SKU_PATTERN.test(sku)) revalidatePath(`/catalog/${sku}`);
  if (!result.ok && result.fieldErrors && Object.keys(result.fieldErrors).length > 0) return { ok: false, message: "Check the highlighted fields.", fieldErrors: result.fieldErrors };
  return { ok: result.ok, message: result.message, fieldErrors: result.fieldErrors };
}
