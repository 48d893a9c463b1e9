"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { requireAdmin } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { importUpstreamProducts } from "@/lib/fulfilment/import-products";
import { setSupplierEnabled } from "@/lib/fulfilment/manage-suppliers";
import { addSupplier, testSupplierConnection } from "@/lib/fulfilment/supplier-admin";
import { updateSupplierSettings } from "@/lib/fulfilment/supplier-state";
import { syncSupplier } from "@/lib/fulfilment/sync-supplier";
import { formatMoney } from "@/lib/money/money";
import type { ActionState } from "@/lib/panel/action-state";
import { formText, runAction } from "@/lib/panel/run-action";

const optional = (form: FormData, name: string) => formText(form, name).trim() || undefined;

function refresh(supplierId: string) {
  revalidatePath("/admin/suppliers");
  revalidatePath(`/admin/suppliers/${supplierId}`);
}

/** Adds a supplier and opens its page, where its connection can be tested. */
export async function addSupplierAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  let id = "";
  const result = await runAction<undefined>(async () => {
    await requireAdmin();
    const supplier = await addSupplier(db(), {
      kind: formText(form, "kind") as "sandbox",
      name: formText(form, "name"),
      url: optional(form, "url"),
      key: optional(form, "key"),
      clientId: optional(form, "clientId"),
      clientSecret: optional(form, "clientSecret"),
      authUrl: optional(form, "authUrl"),
    });
    id = supplier.id;
    revalidatePath("/admin/suppliers");
    return { ok: true };
  });
  if (result.ok) redirect(`/admin/suppliers/${id}`);
  return result;
}

export async function testConnectionAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return runAction(async () => {
    await requireAdmin();
    const id = formText(form, "id");
    const answer = await testSupplierConnection(db(), id);
    refresh(id);
    return answer.ok ? { ok: true, message: `Connected: the balance there is ${answer.balance} ${answer.currency}.` } : { ok: false, message: `Not connected: ${answer.reason}` };
  });
}

export async function syncNowAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return runAction(async () => {
    await requireAdmin();
    const id = formText(form, "id");
    const result = await syncSupplier(db(), id);
    refresh(id);
    revalidatePath("/admin/price-changes");
    if (!result.ok) return { ok: false, message: `The catalog could not be read: ${result.reason}` };
    const changed = result.changes.length;
    return { ok: true, message: changed === 0 ? "Synced: nothing changed." : `Synced: ${changed} ${changed === 1 ? "change" : "changes"}, listed under Price changes.` };
  });
}

export async function setSupplierEnabledAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return runAction(async () => {
    await requireAdmin();
    const id = formText(form, "id");
    const enabled = formText(form, "enabled") === "1";
    await setSupplierEnabled(db(), id, enabled);
    refresh(id);
    return { ok: true, message: enabled ? "Enabled: its offers are used again." : "Disabled: its offers are no longer used." };
  });
}

export async function saveSupplierSettingsAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return runAction(async () => {
    await requireAdmin();
    const id = formText(form, "id");
    const supplier = await updateSupplierSettings(db(), id, {
      lowBalanceThreshold: formText(form, "lowBalanceThreshold"),
      usdRate: formText(form, "usdRate"),
      maxInFlight: formText(form, "maxInFlight") as unknown as number,
    });
    refresh(id);
    revalidatePath("/admin");
    return { ok: true, message: `Saved${supplier.lowBalanceThreshold === null ? "" : `: an alert below ${formatMoney(supplier.lowBalanceThreshold)} USD`}.` };
  });
}

export interface ImportOutcome {
  created: { sku: string; name: string; price: string; cost: string }[];
  skipped: { upstreamId: string; name: string; reason: string }[];
}

/** Imports the picked upstream products (or a whole group) at the margin rule given. */
export async function importProductsAction(_previous: ActionState<ImportOutcome>, form: FormData): Promise<ActionState<ImportOutcome>> {
  return runAction<ImportOutcome>(async () => {
    await requireAdmin();
    const id = formText(form, "id");
    const picked = form.getAll("upstreamId").filter((value): value is string => typeof value === "string");
    const wholeGroup = formText(form, "scope") === "group";
    const result = await importUpstreamProducts(db(), id, {
      ...(wholeGroup ? { category: formText(form, "category") as "giftcard", group: optional(form, "group") } : { upstreamIds: picked.length ? picked : [] }),
      margin: formText(form, "margin"),
      step: optional(form, "step"),
      followCost: formText(form, "followCost") === "on",
    });
    refresh(id);
    revalidatePath("/admin/products");
    const made = result.created.length;
    const created = result.created.map(({ sku, name, price, cost }) => ({ sku, name, price: formatMoney(price), cost: formatMoney(cost) }));
    return { ok: true, message: `${made} ${made === 1 ? "product" : "products"} imported${result.skipped.length ? `, ${result.skipped.length} skipped` : ""}.`, data: { created, skipped: result.skipped } };
  });
}
