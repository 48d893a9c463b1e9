"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { importUpstreamProducts } from "@/lib/fulfilment/import-products";
import { setSupplierEnabled } from "@/lib/fulfilment/manage-suppliers";
import { addSupplier, testSupplierConnection } from "@/lib/fulfilment/supplier-admin";
import { updateSupplierSettings } from "@/lib/fulfilment/supplier-state";
import { syncSupplier } from "@/lib/fulfilment/sync-supplier";
import { formatMoney } from "@/lib/money/money";
import { checkboxField, optionalTextField, textField } from "@/lib/panel/form-fields";
import { panelAction } from "@/lib/panel/panel-action";

function refresh(supplierId: string) {
  revalidatePath("/admin/suppliers");
  revalidatePath(`/admin/suppliers/${supplierId}`);
}

/*
 * The domain's schemas (supplierInputSchema, supplierSettingsSchema, importInputSchema) judge the
 * values; the forms' field names are theirs, so a refusal lands on its field.
 */
const aSupplier = z.object({ id: textField });

/** Adds a supplier and opens its page, where its connection can be tested. */
export const addSupplierAction = panelAction(
  {
    role: "admin",
    input: z.object({
      kind: textField,
      name: textField,
      url: optionalTextField,
      key: optionalTextField,
      clientId: optionalTextField,
      clientSecret: optionalTextField,
      authUrl: optionalTextField,
    }),
  },
  async ({ input }) => {
    const supplier = await addSupplier(db(), { ...input, kind: input.kind as "sandbox" });
    revalidatePath("/admin/suppliers");
    redirect(`/admin/suppliers/${supplier.id}`);
  },
);

export const testConnectionAction = panelAction({ role: "admin", input: aSupplier }, async ({ input }) => {
  const answer = await testSupplierConnection(db(), input.id);
  refresh(input.id);
  return answer.ok
    ? { ok: true, message: `Connected: the balance there is ${answer.balance} ${answer.currency}.` }
    : { ok: false, message: `Not connected: ${answer.reason}` };
});

export const syncNowAction = panelAction({ role: "admin", input: aSupplier }, async ({ input }) => {
  const result = await syncSupplier(db(), input.id);
  refresh(input.id);
  revalidatePath("/admin/price-changes");
  if (!result.ok) return { ok: false, message: `The catalog could not be read: ${result.reason}` };
  const changed = result.changes.length;
  return {
    ok: true,
    message: changed === 0 ? "Synced: nothing changed." : `Synced: ${changed} ${changed === 1 ? "change" : "changes"}, listed under Price changes.`,
  };
});

export const setSupplierEnabledAction = panelAction(
  { role: "admin", input: aSupplier.extend({ enabled: textField.transform((text) => text === "1") }) },
  async ({ input }) => {
    await setSupplierEnabled(db(), input.id, input.enabled);
    refresh(input.id);
    return { ok: true, message: input.enabled ? "Enabled: its offers are used again." : "Disabled: its offers are no longer used." };
  },
);

export const saveSupplierSettingsAction = panelAction(
  { role: "admin", input: aSupplier.extend({ lowBalanceThreshold: textField, usdRate: textField, maxInFlight: textField }) },
  async ({ input }) => {
    const supplier = await updateSupplierSettings(db(), input.id, {
      lowBalanceThreshold: input.lowBalanceThreshold,
      usdRate: input.usdRate,
      maxInFlight: input.maxInFlight as unknown as number,
    });
    refresh(input.id);
    revalidatePath("/admin");
    return { ok: true, message: `Saved${supplier.lowBalanceThreshold === null ? "" : `: an alert below ${formatMoney(supplier.lowBalanceThreshold)} USD`}.` };
  },
);

export interface ImportOutcome {
  created: { sku: string; name: string; price: string; cost: string }[];
  skipped: { upstreamId: string; name: string; reason: string }[];
}

/** Imports the picked upstream products (or a whole group) at the margin rule given. */
export const importProductsAction = panelAction(
  {
    role: "admin",
    // A whole upstream catalog's ids may be picked at once.
    maxChars: 1_000_000,
    input: aSupplier.extend({
      // Ticked boxes of one name arrive as a list when there are several.
      upstreamId: z
        .union([z.string(), z.array(z.string())])
        .optional()
        .transform((picked) => (picked === undefined ? [] : [picked].flat())),
      scope: textField,
      category: textField,
      group: optionalTextField,
      margin: textField,
      step: optionalTextField,
      followCost: checkboxField,
    }),
  },
  async ({ input }) => {
    const result = await importUpstreamProducts(db(), input.id, {
      ...(input.scope === "group" ? { category: input.category as "giftcard", group: input.group } : { upstreamIds: input.upstreamId }),
      margin: input.margin,
      step: input.step,
      followCost: input.followCost,
    });
    refresh(input.id);
    revalidatePath("/admin/products");
    const made = result.created.length;
    const created = result.created.map(({ sku, name, price, cost }) => ({ sku, name, price: formatMoney(price), cost: formatMoney(cost) }));
    const outcome: ImportOutcome = { created, skipped: result.skipped };
    return {
      ok: true,
      message: `${made} ${made === 1 ? "product" : "products"} imported${result.skipped.length ? `, ${result.skipped.length} skipped` : ""}.`,
      data: outcome,
    };
  },
);
