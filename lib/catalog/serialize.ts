import { z } from "zod";
import { PRODUCT_CATEGORIES, type CategoryDiscounts } from "@/lib/db/schema";
import { moneyString } from "@/lib/records/fields";
import { formatMoney } from "@/lib/money/money";
import type { ProductWithStock } from "./list-products";
import { discountedPrice } from "./pricing";

export const productFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  required: z.boolean(),
  pattern: z.string().nullable(),
});

export const productSchema = z
  .object({
    sku: z.string().meta({ example: "topup-mlbb-86" }),
    category: z.enum(PRODUCT_CATEGORIES),
    name: z.string(),
    group: z.string().meta({ description: "The game, brand or service the product belongs to." }),
    region: z.string(),
    price: moneyString.meta({ description: "The caller's price after its tariff's discount." }),
    list_price: moneyString,
    currency: z.literal("USD"),
    on_sale: z.boolean().meta({
      description:
        "False once the product is no longer sold (taken off sale or removed): it can no longer be ordered, but it stays readable by sku, and a catalog sync with `updated_since` reports it so.",
    }),
    in_stock: z.boolean().meta({ description: "Whether an order can be placed now: on sale, and with codes left where it is sold from stock." }),
    stock: z.number().int().nullable().meta({ description: "Codes available, for products sold from stock; else null." }),
    min_quantity: z.number().int(),
    max_quantity: z.number().int(),
    fields: z.array(productFieldSchema),
    attributes: z
      .object({
        platform: z.string().optional(),
        appid: z.number().int().optional(),
        months: z.number().int().optional(),
        stars: z.number().int().optional(),
        wallet_currency: z.string().optional(),
        wallet_amount: z.string().optional(),
      })
      .meta({ description: "Category-specific facts: key platform, gift game appid, premium months, stars, wallet currency and amount." }),
  })
  .meta({ id: "Product" });

export type ProductRecord = z.infer<typeof productSchema>;

/** Runs for every product of every listing: the attributes are assigned, not spread from conditionals, which V8 runs slower. */
export function toProductRecord({ product, stock }: ProductWithStock, discounts: CategoryDiscounts): ProductRecord {
  const meta = product.meta;
  const attributes: ProductRecord["attributes"] = {};
  if (meta.platform !== undefined) attributes.platform = meta.platform;
  if (meta.appid !== undefined) attributes.appid = meta.appid;
  if (meta.months !== undefined) attributes.months = meta.months;
  if (meta.stars !== undefined) attributes.stars = meta.stars;
  if (meta.walletCurrency !== undefined) attributes.wallet_currency = meta.walletCurrency;
  if (meta.walletAmount !== undefined) attributes.wallet_amount = meta.walletAmount;
  return {
    sku: product.sku,
    category: product.category,
    name: product.name,
    group: product.group,
    region: product.region,
    price: formatMoney(discountedPrice(product.listPrice, discounts[product.category])),
    list_price: formatMoney(product.listPrice),
    currency: "USD",
    on_sale: product.enabled,
    in_stock: product.enabled && (stock === null || stock > 0),
    stock,
    min_quantity: product.minQuantity,
    max_quantity: product.maxQuantity,
    fields: product.fields.map((f) => ({ name: f.name, label: f.label, required: f.required, pattern: f.pattern ?? null })),
    attributes,
  };
}
