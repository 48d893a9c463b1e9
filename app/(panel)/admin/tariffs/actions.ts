"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { TariffValues } from "@/components/subscription/tariff-form";
import { db } from "@/lib/db/client";
import { PRODUCT_CATEGORIES } from "@/lib/db/schema";
import { formatMoney } from "@/lib/money/money";
import { textField } from "@/lib/panel/form-fields";
import { panelAction } from "@/lib/panel/panel-action";
import { updateTariff } from "@/lib/tariffs/manage-tariffs";

/** A discount left blank is none. */
const discountField = textField.transform((text) => (text.trim() === "" ? "0" : text.trim()));

/** Saves one tier's monthly price and discounts; prices follow at once and the change is audited. */
export const saveTariffAction = panelAction(
  {
    role: "admin",
    input: z.object({
      tier: textField,
      price: textField,
      ...Object.fromEntries(PRODUCT_CATEGORIES.map((category) => [`discount_${category}`, discountField])),
    }),
    // The domain's schema (tariffInputSchema) judges the values, under its own names.
    rename: Object.fromEntries(PRODUCT_CATEGORIES.map((c) => [`discounts.${c}`, `discount_${c}`])),
  },
  async ({ user, input }) => {
    const fields = input as Record<string, string>;
    const discounts = Object.fromEntries(PRODUCT_CATEGORIES.map((category) => [category, fields[`discount_${category}`]]));
    const tariff = await updateTariff(db(), user.id, { tier: input.tier as never, price: input.price, discounts });
    revalidatePath("/admin/tariffs");
    const price = formatMoney(tariff.monthlyPrice);
    return { ok: true, message: `${tariff.tier} saved: ${price} USD a month.`, data: { price, discounts: tariff.discounts } satisfies TariffValues };
  },
);
