import { z } from "zod";
import { FULFILMENT_MODES, PRODUCT_CATEGORIES } from "@/lib/db/schema";
import { parseMoney } from "@/lib/money/money";
import { fieldPatternProblem } from "./field-pattern";

// The order fields arrive as JSON, which can spell half of a surrogate pair; the database cannot store it.
const wholeCharacters = (text: string) => text.isWellFormed();
const WHOLE_CHARACTERS = "Use whole characters: this holds half of one.";

// Messages in the admin's words: zod's own ("Too small: expected string to have >=1 characters") reach the form.
const requiredText = (max: number) =>
  z.string().trim().min(1, "Required.").max(max, `Use at most ${max} characters.`).refine(wholeCharacters, WHOLE_CHARACTERS);

const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number({ error: "Enter a whole number." })
    .int("Enter a whole number.")
    .min(min, `Use at least ${min}.`)
    .max(max, `Use at most ${max.toLocaleString("en-US")}.`);

const positiveWhole = z.coerce.number({ error: "Enter a whole number." }).int("Enter a whole number.").positive("Use a number above 0.");

const fieldSchema = z.strictObject({
  name: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, "Use lowercase letters, digits and underscores."),
  label: requiredText(60),
  required: z.boolean(),
  pattern: z
    .string()
    .max(200)
    .optional()
    .refine((pattern) => pattern === undefined || wholeCharacters(pattern), WHOLE_CHARACTERS)
    .superRefine((pattern, ctx) => {
      const problem = pattern ? fieldPatternProblem(pattern) : null;
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
});

const positiveMoney = z.string().transform((text, ctx) => {
  const micros = parseMoney(text);
  if (micros === null || micros <= 0n) {
    ctx.addIssue({ code: "custom", message: "Enter a positive dollar amount such as 19.40." });
    return z.NEVER;
  }
  return micros;
});

/** A sku: what an admin may name a product, and so what the catalog's cursor (the last sku of a page) can be. */
export const SKU_PATTERN = /^[a-z0-9][a-z0-9-]{2,79}$/;

/** What an admin edits on a product. */
export const productInputSchema = z
  .strictObject({
    sku: z.string().regex(SKU_PATTERN, "Use 3–80 lowercase letters, digits and dashes."),
    category: z.enum(PRODUCT_CATEGORIES),
    name: requiredText(120),
    group: requiredText(80),
    // Letters of the Latin alphabet only: upper-casing others changes them (ß becomes SS) behind the admin's back.
    region: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{2,12}$/, "Use 2 to 12 letters, digits or dashes, such as US or GLOBAL.")
      .transform((region) => region.toUpperCase()),
    listPrice: positiveMoney,
    fields: z.array(fieldSchema).max(10),
    minQuantity: wholeNumber(1, 1000),
    maxQuantity: wholeNumber(1, 1000),
    fulfilment: z.enum(FULFILMENT_MODES),
    enabled: z.boolean(),
    lowStockThreshold: wholeNumber(0, 100_000),
    meta: z
      .strictObject({
        platform: z.enum(["platform-a", "platform-b", "others"]).optional(),
        appid: positiveWhole.optional(),
        months: positiveWhole.optional(),
        stars: positiveWhole.optional(),
        walletCurrency: z
          .string()
          .regex(/^[A-Z]{3}$/, "Use a three-letter currency code such as USD.")
          .optional(),
        walletAmount: z
          .string()
          .regex(/^\d+(\.\d{1,2})?$/, "Enter an amount such as 10 or 10.50.")
          .optional(),
      })
      .default({}),
  })
  .refine((p) => p.maxQuantity >= p.minQuantity, { path: ["maxQuantity"], message: "Must be at least the minimum quantity." })
  .refine((p) => new Set(p.fields.map((f) => f.name)).size === p.fields.length, { path: ["fields"], message: "Field names must be unique." });

export type ProductInput = z.input<typeof productInputSchema>;
