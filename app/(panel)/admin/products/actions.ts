"use server";

import { z } from "zod";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { createProduct, setProductEnabled, updateProduct } from "@/lib/catalog/manage-products";
import type { ProductInput } from "@/lib/catalog/product-input";
import { addStockCodes, availableStock } from "@/lib/catalog/stock";
import { invalidLinesText, parseStockLines } from "@/lib/catalog/stock-lines";
import { db } from "@/lib/db/client";
import type { ActionState } from "@/lib/panel/action-state";
import { checkboxField, textField } from "@/lib/panel/form-fields";
import { panelAction } from "@/lib/panel/panel-action";
import { setSellAtLossAllowed, updateOffer } from "@/lib/fulfilment/product-offers";
import { addOfferFromInput } from "@/lib/fulfilment/supplier-admin";

function refresh(sku?: string) {
  revalidatePath("/admin/products");
  if (sku) revalidatePath(`/admin/products/${sku}`);
  revalidatePath("/catalog");
}

const META_KEYS = ["platform", "appid", "months", "stars", "walletCurrency", "walletAmount"] as const;

/**
 * The product form's fields as the domain's ProductInput; the schema (productInputSchema) judges them,
 * under the form's own names.
 */
const productForm = z
  .object({
    sku: textField.transform((text) => text.trim()),
    category: textField,
    name: textField,
    group: textField,
    region: textField,
    listPrice: textField.transform((text) => text.trim()),
    fieldsJson: textField,
    minQuantity: textField.transform((text) => text.trim()),
    maxQuantity: textField.transform((text) => text.trim()),
    fulfilment: textField,
    enabled: checkboxField,
    lowStockThreshold: textField.transform((text) => text.trim()),
    ...Object.fromEntries(META_KEYS.map((key) => [`meta.${key}`, textField.transform((text) => text.trim())])),
  })
  .transform((form, ctx) => {
    let rows: unknown;
    try {
      rows = JSON.parse(form.fieldsJson || "[]");
    } catch {
      // The form's own script writes this; unreadable, it must not save the product without its fields.
      ctx.addIssue({ code: "custom", path: ["fields"], message: "The order fields could not be read; reload the page and try again." });
      return z.NEVER;
    }
    const fields = (Array.isArray(rows) ? rows : []).map((row) => {
      const r = (row ?? {}) as Record<string, unknown>;
      const pattern = typeof r.pattern === "string" ? r.pattern.trim() : "";
      return {
        name: typeof r.name === "string" ? r.name.trim() : "",
        label: typeof r.label === "string" ? r.label : "",
        required: r.required === true,
        ...(pattern ? { pattern } : {}),
      };
    });
    const texts = form as Record<string, unknown>;
    const meta = Object.fromEntries(META_KEYS.flatMap((key) => (texts[`meta.${key}`] ? [[key, texts[`meta.${key}`]]] : [])));
    const input: ProductInput = {
      sku: form.sku,
      category: form.category as ProductInput["category"],
      name: form.name,
      group: form.group,
      region: form.region,
      listPrice: form.listPrice,
      fields,
      minQuantity: form.minQuantity as unknown as number,
      maxQuantity: form.maxQuantity as unknown as number,
      fulfilment: form.fulfilment as ProductInput["fulfilment"],
      enabled: form.enabled,
      lowStockThreshold: form.lowStockThreshold as unknown as number,
      meta: meta as ProductInput["meta"],
    };
    return input;
  });

/** Creates a product and opens its page (where stock can be uploaded). */
export const createProductAction = panelAction({ role: "admin", input: productForm }, async ({ input }) => {
  const product = await createProduct(db(), input);
  refresh(product.sku);
  redirect(`/admin/products/${product.sku}?created=1`);
});

/** Saves a product's edits; its sku stays. */
export const updateProductAction = panelAction({ role: "admin", input: productForm }, async ({ input }) => {
  const { sku, ...edits } = input;
  await updateProduct(db(), sku, edits);
  refresh(sku);
  return { ok: true, message: "Saved." };
});

const aProduct = z.object({ sku: textField });

/** Takes a product off sale (or puts it back); resellers stop (or start) seeing it at once. */
export const setEnabledAction = panelAction(
  { role: "admin", input: aProduct.extend({ enabled: textField.transform((text) => text === "true") }) },
  async ({ input }) => {
    await setProductEnabled(db(), input.sku, input.enabled);
    refresh(input.sku);
    return { ok: true, message: input.enabled ? "Enabled." : "Disabled." };
  },
);

export interface StockUploadResult {
  added: number;
  duplicates: number;
  invalid: number[];
  available: number;
}

/** Adds pasted (or CSV) codes to a stock product; duplicates and malformed lines are counted, not added. */
export const uploadStockAction = panelAction(
  // 10,000 codes with pins and serials, as addStockCodes takes at once.
  { role: "admin", input: aProduct.extend({ codes: textField }), maxChars: 2_000_000 },
  async ({ input }): Promise<ActionState<StockUploadResult>> => {
    const { lines, invalid } = parseStockLines(input.codes);
    if (lines.length === 0) {
      return {
        ok: false,
        message: invalid.length ? `No valid codes: ${invalidLinesText(invalid)}.` : "Paste at least one code.",
        fieldErrors: { codes: "One code per line: CODE, CODE,PIN or CODE,PIN,SERIAL." },
      };
    }
    const { added, duplicates } = await addStockCodes(db(), input.sku, lines);
    const available = await availableStock(db(), input.sku);
    refresh(input.sku);
    const invalidText = invalid.length ? `, ${invalidLinesText(invalid)}` : "";
    return {
      ok: true,
      message: `Added ${added}, skipped ${duplicates} ${duplicates === 1 ? "duplicate" : "duplicates"}${invalidText}. ${available} available now.`,
      data: { added, duplicates, invalid, available },
    };
  },
);

/** Adds an offer of a supplier to a product: routing may buy it there from now on. */
export const addOfferAction = panelAction(
  {
    role: "admin",
    input: aProduct.extend({
      supplierId: textField,
      upstreamProductId: textField,
      cost: textField.transform((text) => text.trim()),
      priority: textField.transform((text) => text.trim() || "0"),
    }),
  },
  async ({ input }) => {
    const offer = await addOfferFromInput(db(), input);
    refresh(offer.sku);
    return { ok: true, message: "Offer added." };
  },
);

export const updateOfferAction = panelAction(
  {
    role: "admin",
    input: z.object({
      offerId: textField,
      cost: textField.transform((text) => text.trim()),
      priority: textField.transform((text) => text.trim()),
      enabled: checkboxField,
    }),
  },
  async ({ input }) => {
    const offer = await updateOffer(db(), input.offerId, { cost: input.cost, priority: input.priority as unknown as number, enabled: input.enabled });
    refresh(offer.sku);
    return { ok: true, message: "Saved." };
  },
);

export const setSellAtLossAction = panelAction(
  { role: "admin", input: aProduct.extend({ allowed: textField.transform((text) => text === "1") }) },
  async ({ input }) => {
    await setSellAtLossAllowed(db(), input.sku, input.allowed);
    refresh(input.sku);
    return { ok: true, message: input.allowed ? "Offers dearer than the price paid may now be used." : "Offers dearer than the price paid are skipped again." };
  },
);
