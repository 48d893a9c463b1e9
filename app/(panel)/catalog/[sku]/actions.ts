"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { checkRecipient } from "@/lib/catalog/check-recipient";
import { findProduct } from "@/lib/catalog/get-product";
import { SKU_PATTERN } from "@/lib/catalog/product-input";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { RECIPIENT_FIELDS } from "@/lib/fulfilment/recipient";
import { parseMoney } from "@/lib/money/money";
import { placeOrder } from "@/lib/orders/place-order";
import { orderReferenceSchema } from "@/lib/orders/reference";
import { optionalTextField, textField } from "@/lib/panel/form-fields";
import { CHECK_FIELDS_MESSAGE, panelAction, panelCall, type PanelState } from "@/lib/panel/panel-action";
import { panelActor } from "@/lib/panel/panel-actor";

export type RecipientCheckResult = { valid: true; nickname: string } | { valid: false; reason: string };

/** Asks the supplier whether the recipient (player id, login, username) exists, before any money moves. */
export const checkRecipientAction = panelCall(
  {
    role: "reseller",
    capability: "orders_write",
    // Each check asks the supplier; GET /checkplayerid counts them in the same category.
    budget: { category: "default", what: "recipient checks" },
    input: z.object({ sku: z.string(), fields: z.record(z.string(), z.string()) }),
  },
  async ({ input }): Promise<PanelState<RecipientCheckResult>> => {
    const product = await findProduct(db(), input.sku);
    if (!product || !product.enabled) return { ok: true, data: { valid: false, reason: "This product is not on sale." } };
    const field = RECIPIENT_FIELDS.find((name) => product.fields.some((f) => f.name === name));
    if (!field) return { ok: true, data: { valid: false, reason: "This product has no recipient to check." } };
    return { ok: true, data: await checkRecipient(db(), { sku: product.sku, field, fields: input.fields }) };
  },
  (sku: string, fields: Record<string, string>) => ({ sku, fields }),
);

/** The form's fields, each `fields.<name>` one of the product's; a blank one is left out. */
const orderForm = z
  .object({
    sku: textField,
    quantity: textField.transform((text) => (/^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN)),
    reference: optionalTextField.pipe(orderReferenceSchema.optional()),
    idempotencyKey: textField,
    confirmedPrice: textField,
  })
  .catchall(z.union([z.string(), z.array(z.string())]));

/**
 * Places the order the reseller confirmed and opens its page. The idempotency key is made when the
 * confirmation step opens, so a double submit charges once.
 */
export const placeOrderAction = panelAction(
  { role: "reseller", capability: "orders_write", budget: { category: "order_create", what: "orders" }, input: orderForm },
  async ({ user, member, input }) => {
    const fields: Record<string, string> = {};
    for (const [name, value] of Object.entries(input)) {
      if (name.startsWith("fields.") && typeof value === "string" && value.trim() !== "") fields[name.slice("fields.".length)] = value.trim();
    }
    const confirmedPrice = parseMoney(input.confirmedPrice);
    let orderId: string;
    try {
      const { order } = await placeOrder(db(), {
        user,
        sku: input.sku,
        quantity: input.quantity,
        fields,
        reference: input.reference ?? null,
        idempotencyKey: /^[A-Za-z0-9-]{8,100}$/.test(input.idempotencyKey) ? `panel:${input.idempotencyKey}` : null,
        source: "panel",
        actor: await panelActor(member),
        maxUnitPrice: confirmedPrice !== null && confirmedPrice > 0n ? confirmedPrice : undefined,
      });
      orderId = order.id;
    } catch (error) {
      // A refusal may be of a price or stock the page showed before it changed: the page renders afresh
      // with this answer, so reviewing again shows what the server now charges.
      if (SKU_PATTERN.test(input.sku)) revalidatePath(`/catalog/${input.sku}`);
      if (error instanceof AppError && error.code === "duplicate_reference") {
        return {
          ok: false,
          message: CHECK_FIELDS_MESSAGE,
          fieldErrors: { reference: `Already used by order ${String(error.details.order_id ?? "")}.`.replace(" .", ".") },
        };
      }
      throw error;
    }
    // The balance in the panel's frame changed: render the layout afresh with the order page.
    revalidatePath("/", "layout");
    redirect(`/orders/${orderId}`);
  },
);
