import { describe, expect, it } from "vitest";
import { costInDollars, describeMarginRule, marginRuleInputSchema, marginRuleOf, priceFor } from "./margin-rule";

const rule = (margin: string, step?: string) => marginRuleInputSchema.parse(step === undefined ? { margin } : { margin, step });
const problems = (input: { margin: string; step?: string }) =>
  marginRuleInputSchema.safeParse(input).error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);

describe("a margin rule", () => {
  it("reads a percent as basis points and an amount as micro-dollars over cost, with a cent step by default", () => {
    expect(rule("5%")).toEqual({ kind: "percent", value: 500n, step: 10_000n });
    expect(rule(" 2.5 %")).toEqual({ kind: "percent", value: 250n, step: 10_000n });
    expect(rule("0.50", "0.05")).toEqual({ kind: "fixed", value: 500_000n, step: 50_000n });
    expect(rule("0%")).toEqual({ kind: "percent", value: 0n, step: 10_000n });
  });

  it("refuses what is not a margin, a negative one, more than 1000% and a step that is not positive", () => {
    expect(problems({ margin: "abc" })).toEqual(["margin: Give the margin as a percent such as 5% or an amount over cost such as 0.50."]);
    expect(problems({ margin: "-5%" })).toEqual(["margin: Give the margin as a percent such as 5% or an amount over cost such as 0.50."]);
    expect(problems({ margin: "-0.50" })).toEqual(["margin: Give the margin as a percent such as 5% or an amount over cost such as 0.50."]);
    expect(problems({ margin: "1001%" })).toEqual(["margin: Use a margin of at most 1000%."]);
    expect(problems({ margin: "5%", step: "0" })).toEqual(["step: Give the price step as a positive amount such as 0.01 or 0.05."]);
    expect(problems({ margin: "" })).toEqual(["margin: Give the margin, such as 5% or 0.50."]);
  });

  it("prices cost plus margin rounded UP to the step, so the margin is never less than the rule's", () => {
    // 9.70 + 5% = 10.185 -> 10.19 at a cent, 10.20 at five cents.
    expect(priceFor(9_700_000n, rule("5%"))).toBe(10_190_000n);
    expect(priceFor(9_700_000n, rule("5%", "0.05"))).toBe(10_200_000n);
    expect(priceFor(9_700_000n, rule("0.50"))).toBe(10_200_000n);
    // A whole number of steps already: unchanged.
    expect(priceFor(10_000_000n, rule("0%"))).toBe(10_000_000n);
    // A cost of nothing still sells for one step.
    expect(priceFor(0n, rule("0%"))).toBe(10_000n);
  });

  it("turns an upstream's cost into micro-dollars at the supplier's rate, rounding up", () => {
    expect(costInDollars(5_790_000n, 1_000_000n)).toBe(5_790_000n);
    // 5.79 EUR at 1.08 dollars a euro = 6.2532.
    expect(costInDollars(5_790_000n, 1_080_000n)).toBe(6_253_200n);
    expect(costInDollars(1n, 1_080_000n)).toBe(2n);
  });

  it("is read back from a product and said in the admin's words", () => {
    expect(marginRuleOf({ marginKind: null, marginValue: null, priceStep: null })).toBeNull();
    const read = marginRuleOf({ marginKind: "percent", marginValue: 250n, priceStep: 50_000n })!;
    expect(describeMarginRule(read)).toBe("2.5% over cost, rounded up to 0.05");
    expect(describeMarginRule(marginRuleOf({ marginKind: "fixed", marginValue: 500_000n, priceStep: null })!)).toBe("0.50 over cost, rounded up to 0.01");
  });
});
