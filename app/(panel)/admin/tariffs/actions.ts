"use server";

import { revalidatePath } from "next/cache";
import { requireAdmin } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { PRODUCT_CATEGORIES } from "@/lib/db/schema";
import type { TariffValues } from "@/components/subscription/tariff-form";
import { formatMoney } from "@/lib/money/money";
import type { ActionState } from "@/lib/panel/action-state";
import { formText, runAction } from "@/lib/panel/run-action";
import { updateTariff } from "@/lib/tariffs/manage-tariffs";

/** Saves one tier's monthly price and discounts; prices follow at once and the change is audited. */
export async function saveTariffAction(_previous: ActionState<TariffValues>, form: FormData): Promise<ActionState<TariffValues>> {
  return runAction<TariffValues>(
    async () => {
      const admin = await requireAdmin();
      const discounts: Record<string, string> = {};
      for (const category of PRODUCT_CATEGORIES) {
        const value = formText(form, `discount_${category}`).trim();
        discounts[category] = value === "" ? "0" : value;
      }
      const tariff = await updateTariff(db(), admin.id, { tier: formText(form, "tier") as never, price: formText(form, "price"), discounts });
      revalidatePath("/admin/tariffs");
      const price = formatMoney(tariff.monthlyPrice);
      return { ok: true, message: `${tariff.tier} saved: ${price} USD a month.`, data: { price, discounts: tariff.discounts } };
    },
    { rename: Object.fromEntries(PRODUCT_CATEGORIES.map((c) => [`discounts.${c}`, `discount_${c}`])) },
  );
}
