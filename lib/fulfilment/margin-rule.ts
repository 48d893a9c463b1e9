import { z } from "zod";
import type { MarginKind, Product } from "@/lib/db/schema";
import { formatMoney, parseMoney } from "@/lib/money/money";

/**
 * How an imported product is priced from its cost: a percent over cost (basis points: 500 = 5%) or a
 * fixed amount over it (micro-dollars), the sum rounded UP to the price step, so the margin is never
 * below the rule's.
 */
export interface MarginRule {
  kind: MarginKind;
  value: bigint;
  step: bigint;
}

const MAX_PERCENT_BASIS_POINTS = 100_000n;
export const DEFAULT_PRICE_STEP = 10_000n;

/** "5%" or "2.5%" as basis points, "0.50" as a fixed amount; null when it is neither. */
function parseMargin(text: string): Pick<MarginRule, "kind" | "value"> | null {
  const trimmed = text.trim();
  const percent = /^(\d{1,4})(?:\.(\d{1,2}))?\s*%$/.exec(trimmed);
  if (percent) return { kind: "percent", value: BigInt(percent[1]) * 100n + BigInt((percent[2] ?? "").padEnd(2, "0")) };
  const fixed = parseMoney(trimmed);
  return fixed === null || fixed < 0n ? null : { kind: "fixed", value: fixed };
}

export const marginRuleInputSchema = z
  .strictObject({
    margin: z.string().trim().min(1, "Give the margin, such as 5% or 0.50."),
    step: z.string().trim().optional(),
  })
  .transform((input, context): MarginRule => {
    const margin = parseMargin(input.margin);
    if (!margin) {
      context.addIssue({ code: "custom", path: ["margin"], message: "Give the margin as a percent such as 5% or an amount over cost such as 0.50." });
      return z.NEVER;
    }
    if (margin.kind === "percent" && margin.value > MAX_PERCENT_BASIS_POINTS) {
      context.addIssue({ code: "custom", path: ["margin"], message: "Use a margin of at most 1000%." });
      return z.NEVER;
    }
    const step = input.step ? parseMoney(input.step) : DEFAULT_PRICE_STEP;
    if (step === null || step <= 0n) {
      context.addIssue({ code: "custom", path: ["step"], message: "Give the price step as a positive amount such as 0.01 or 0.05." });
      return z.NEVER;
    }
    return { ...margin, step };
  });

/** The list price the rule gives a cost: never below cost plus the margin, and a whole number of steps. */
export function priceFor(cost: bigint, rule: MarginRule): bigint {
  const margin = rule.kind === "percent" ? ceilDiv(cost * rule.value, 10_000n) : rule.value;
  const price = ceilDiv(cost + margin, rule.step) * rule.step;
  return price > 0n ? price : rule.step;
}

/**
 * An upstream's cost (micro-units of its currency) in micro-dollars at the supplier's rate, rounded up:
 * a cost read low would let the cost guard pass an offer that loses money.
 */
export function costInDollars(upstreamCost: bigint, usdRate: bigint): bigint {
  return ceilDiv(upstreamCost * usdRate, 1_000_000n);
}

/** The product's own rule, when it was imported with one. */
export function marginRuleOf(product: Pick<Product, "marginKind" | "marginValue" | "priceStep">): MarginRule | null {
  if (!product.marginKind || product.marginValue === null) return null;
  return { kind: product.marginKind, value: product.marginValue, step: product.priceStep ?? DEFAULT_PRICE_STEP };
}

/** The rule in the admin's words: "5% over cost" or "0.50 over cost", with its step. */
export function describeMarginRule(rule: MarginRule): string {
  const over = rule.kind === "percent" ? `${formatBasisPoints(rule.value)}%` : formatMoney(rule.value);
  return `${over} over cost, rounded up to ${formatMoney(rule.step)}`;
}

function formatBasisPoints(value: bigint): string {
  const whole = value / 100n;
  const rest = value % 100n;
  return rest === 0n ? String(whole) : `${whole}.${String(rest).padStart(2, "0").replace(/0$/, "")}`;
}

function ceilDiv(numerator: bigint, denominator: bigint): bigint {
  return (numerator + denominator - 1n) / denominator;
}
