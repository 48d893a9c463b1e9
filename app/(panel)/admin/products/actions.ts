"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { requireAdmin } from "@/lib/auth/session";
import { createProduct, setProductEnabled, updateProduct } from "@/lib/catalog/manage-products";
import type { ProductInput } from "@/lib/catalog/product-input";
import { addStockCodes, availableStock } from "@/lib/catalog/stock";
import { invalidLinesText, parseStockLines } from "@/lib/catalog/stock-lines";
import { db } from "@/lib/db/client";
import { validationError } from "@/lib/errors/app-error";
import type { ActionState } from "@/lib/panel/action-state";
import { formText, runAction } from "@/lib/panel/run-action";
import { setSellAtLossAllowed, updateOffer } from "@/lib/fulfilment/product-offers";
import { addOfferFromInput } from "@/lib/fulfilment/supplier-admin";

function refresh(sku?: string) {
  revalidatePath("/admin/products");
  if (sku) revalidatePath(`/admin/products/${sku}`);
  revalidatePath("/catalog");
}

const META_KEYS = ["platform", "appid", "months", "stars", "walletCurrency", "walletAmount"] as const;

/** The product form's fields as the domain's ProductInput; the schema (productInputSchema) judges them. */
function productInputFromForm(form: FormData): Omit<ProductInput, "sku"> {
  const meta: Record<string, string> = {};
  for (const key of META_KEYS) {
    const value = formText(form, `meta.${key}`).trim();
    if (value) meta[key] = value;
  }
  let rows: unknown;
  try {
    rows = JSON.parse(formText(form, "fieldsJson") || "[]");
  } catch {
    // The form's own script writes this; unreadable, it must not save the product without its fields.
    throw validationError([{ path: "fields", message: "The order fields could not be read; reload the page and try again." }]);
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
  return {
    category: formText(form, "category") as ProductInput["category"],
    name: formText(form, "name"),
    group: formText(form, "group"),
    region: formText(form, "region"),
    listPrice: formText(form, "listPrice").trim(),
    fields,
    minQuantity: formText(form, "minQuantity").trim() as unknown as number,
    maxQuantity: formText(form, "maxQuantity").trim() as unknown as number,
    fulfilment: formText(form, "fulfilment") as ProductInput["fulfilment"],
    enabled: formText(form, "enabled") === "on",
    lowStockThreshold: formText(form, "lowStockThreshold").trim() as unknown as number,
    meta: meta as ProductInput["meta"],
  };
}

function withReadableErrors<T>(state: ActionState<T>): ActionState<T> {
  if (state.ok || !state.fieldErrors || Object.keys(state.fieldErrors).length === 0) return state;
  const fieldErrors = { ...state.fieldErrors };
  if (fieldErrors.sku === "is taken") fieldErrors.sku = "Another product has this sku.";
  return { ...state, message: "Check the highlighted fields.", fieldErrors };
}

/** Creates a product and opens its page (where stock can be uploaded). */
export async function createProductAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const sku = formText(form, "sku").trim();
  const result = await runAction<undefined>(async () => {
    await requireAdmin();
    const product = await createProduct(db(), { sku, ...productInputFromForm(form) });
    refresh(product.sku);
    return { ok: true };
  });
  if (result.ok) redirect(`/admin/products/${sku}?created=1`);
  return withReadableErrors(result);
}

/** Saves a product's edits; its sku stays. */
export async function updateProductAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return withReadableErrors(
    await runAction<undefined>(async () => {
      await requireAdmin();
      const sku = formText(form, "sku");
      await updateProduct(db(), sku, productInputFromForm(form));
      refresh(sku);
      return { ok: true, message: "Saved." };
    }),
  );
}

/** Takes a product off sale (or puts it back); resellers stop (or start) seeing it at once. */
export async function setEnabledAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return runAction(async () => {
    await requireAdmin();
    const sku = formText(form, "sku");
    const enabled = formText(form, "enabled") === "true";
    await setProductEnabled(db(), sku, enabled);
    refresh(sku);
    return { ok: true, message: enabled ? "Enabled." : "Disabled." };
  });
}

export interface StockUploadResult {
  added: number;
  duplicates: number;
  invalid: number[];
  available: number;
}

/** Adds pasted (or CSV) codes to a stock product; duplicates and malformed lines are counted, not added. */
export async function uploadStockAction(_previous: ActionState<StockUploadResult>, form: FormData): Promise<ActionState<StockUploadResult>> {
  return runAction<StockUploadResult>(async () => {
    await requireAdmin();
    const sku = formText(form, "sku");
    const { lines, invalid } = parseStockLines(formText(form, "codes"));
    if (lines.length === 0) {
      return {
        ok: false,
        message: invalid.length ? `No valid codes: ${invalidLinesText(invalid)}.` : "Paste at least one code.",
        fieldErrors: { codes: "One code per line: CODE, CODE,PIN or CODE,PIN,SERIAL." },
      };
    }
    const { added, duplicates } = await addStockCodes(db(), sku, lines);
    const available = await availableStock(db(), sku);
    refresh(sku);
    const invalidText = invalid.length ? `, ${invalidLinesText(invalid)}` : "";
    return {
      ok: true,
      message: `Added ${added}, skipped ${duplicates} ${duplicates === 1 ? "duplicate" : "duplicates"}${invalidText}. ${available} available now.`,
      data: { added, duplicates, invalid, available },
    };
  });
}

/** Adds an offer of a supplier to a product: routing may buy it there from now on. */
export async function addOfferAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return runAction(async () => {
    await requireAdmin();
    const offer = await addOfferFromInput(db(), {
      sku: formText(form, "sku"),
      supplierId: formText(form, "supplierId"),
      upstreamProductId: formText(form, "upstreamProductId"),
      cost: formText(form, "cost").trim(),
      priority: formText(form, "priority").trim() || "0",
    });
    refresh(offer.sku);
    return { ok: true, message: "Offer added." };
  });
}

export async function updateOfferAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return runAction(async () => {
    await requireAdmin();
    const offer = await updateOffer(db(), formText(form, "offerId"), {
      cost: formText(form, "cost").trim(),
      priority: formText(form, "priority").trim() as unknown as number,
      enabled: formText(form, "enabled") === "on",
    });
    refresh(offer.sku);
    return { ok: true, message: "Saved." };
  });
}

export async function setSellAtLossAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return runAction(async () => {
    await requireAdmin();
    const sku = formText(form, "sku");
    const allowed = formText(form, "allowed") === "1";
    await setSellAtLossAllowed(db(), sku, allowed);
    refresh(sku);
    return { ok: true, message: allowed ? "Offers dearer than the price paid may now be used." : "Offers dearer than the price paid are skipped again." };
  });
}
