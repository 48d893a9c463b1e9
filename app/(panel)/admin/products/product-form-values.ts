import type { Product } from "@/lib/db/schema";
import { formatMoney } from "@/lib/money/money";

/** The product form's values, all as typed (strings), before productInputSchema judges them. */
export interface ProductFormValues {
  sku: string;
  category: string;
  name: string;
  group: string;
  region: string;
  listPrice: string;
  fulfilment: string;
  minQuantity: string;
  maxQuantity: string;
  lowStockThreshold: string;
  enabled: boolean;
  meta: { platform: string; appid: string; months: string; stars: string; walletCurrency: string; walletAmount: string };
  fields: { name: string; label: string; required: boolean; pattern: string }[];
}

export const EMPTY_PRODUCT: ProductFormValues = {
  sku: "",
  category: "giftcard",
  name: "",
  group: "",
  region: "GLOBAL",
  listPrice: "",
  fulfilment: "stock",
  minQuantity: "1",
  maxQuantity: "10",
  lowStockThreshold: "5",
  enabled: true,
  meta: { platform: "", appid: "", months: "", stars: "", walletCurrency: "", walletAmount: "" },
  fields: [],
};

/** A product as the edit form starts. */
export function productFormValues(product: Product): ProductFormValues {
  const meta = product.meta;
  return {
    sku: product.sku,
    category: product.category,
    name: product.name,
    group: product.group,
    region: product.region,
    listPrice: formatMoney(product.listPrice),
    fulfilment: product.fulfilment,
    minQuantity: String(product.minQuantity),
    maxQuantity: String(product.maxQuantity),
    lowStockThreshold: String(product.lowStockThreshold),
    enabled: product.enabled,
    meta: {
      platform: meta.platform ?? "",
      appid: meta.appid !== undefined ? String(meta.appid) : "",
      months: meta.months !== undefined ? String(meta.months) : "",
      stars: meta.stars !== undefined ? String(meta.stars) : "",
      walletCurrency: meta.walletCurrency ?? "",
      walletAmount: meta.walletAmount ?? "",
    },
    fields: product.fields.map((f) => ({ name: f.name, label: f.label, required: f.required, pattern: f.pattern ?? "" })),
  };
}
