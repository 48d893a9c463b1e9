import { z } from "zod";
import { FULFILMENT_MODES, PRODUCT_CATEGORIES } from "@/lib/db/schema";
import { parseMoney } from "@/lib/money/money";

const fieldSchema = z.strictObject({
  name: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, "Use lowercase letters, digits and underscores."),
  label: z.string().trim().min(1).max(60),
  required: z.boolean(),
  pattern: z
    .string()
    .max(200)
    .optional()
    .refine((p) => {
      if (!p) return true;
      try {
        new RegExp(p);
        return true;
      } catch {
        return false;
      }
    }, "Not a valid regular expression."),
});

const positiveMoney = z.string().transform((text, ctx) => {
  const micros = parseMoney(text);
  if (micros === null || micros <= 0n) {
    ctx.addIssue({ code: "custom", message: "Enter a positive dollar amount such as 19.40." });
    return z.NEVER;
  }
  return micros;
});

/** What an admin edits on a product. */
export const productInputSchema = z
  .strictObject({
    sku: z.string().regex(/^[a-z0-9][a-z0-9-]{2,79}$/, "Use 3–80 lowercase letters, digits and dashes."),
    category: z.enum(PRODUCT_CATEGORIES),
    name: z.string().trim().min(1).max(120),
    group: z.string().trim().min(1).max(80),
    region: z.string().trim().toUpperCase().min(2).max(12),
    listPrice: positiveMoney,
    fields: z.array(fieldSchema).max(10),
    minQuantity: z.coerce.number().int().min(1).max(1000),
    maxQuantity: z.coerce.number().int().min(1).max(1000),
    fulfilment: z.enum(FULFILMENT_MODES),
    enabled: z.boolean(),
    lowStockThreshold: z.coerce.number().int().min(0).max(100_000),
    meta: z
      .strictObject({
        platform: z.enum(["platform-a", "platform-b", "others"]).optional(),
        appid: z.coerce.number().int().positive().optional(),
        months: z.coerce.number().int().positive().optional(),
        stars: z.coerce.number().int().positive().optional(),
        walletCurrency: z.string().regex(/^[A-Z]{3}$/).optional(),
        walletAmount: z.string().regex(/^\d+(\.\d{1,2})?$/).optional(),
      })
      .default({}),
  })
  .refine((p) => p.maxQuantity >= p.minQuantity, { path: ["maxQuantity"], message: "Must be at least the minimum quantity." })
  .refine((p) => new Set(p.fields.map((f) => f.name)).size === p.fields.length, { path: ["fields"], message: "Field names must be unique." });

export type ProductInput = z.input<typeof productInputSchema>;
