import { describe, expect, it } from "vitest";
import { DEMO_CATALOG } from "./demo-catalog";
import { fieldPatternProblem } from "./field-pattern";
import { productInputSchema } from "./product-input";

describe("an admin's order-field pattern", () => {
  it("is accepted when it matches in bounded time, as every demo product's does", () => {
    const patterns = [...new Set(DEMO_CATALOG.flatMap((product) => product.fields).flatMap((field) => (field.pattern ? [field.pattern] : [])))];
    expect(patterns.length).toBeGreaterThan(3);
    for (const pattern of [...patterns, "^[A-Z]{2}\\d{6,10}$", "^\\d+-\\d+$", "^[^@]+@[^@]+$"]) expect(fieldPatternProblem(pattern), pattern).toBeNull();
  });

  it("is refused when some value makes it backtrack without bound", () => {
    for (const pattern of ["^(a+)+$", "^(\\w+\\s?)+$", "^(\\w|\\d)+$", "^\\d*\\d*\\d*\\d*$"]) {
      expect(fieldPatternProblem(pattern), pattern).toMatch(/can take too long/);
    }
  });

  it("is refused when it is not a regular expression", () => {
    expect(fieldPatternProblem("^(unclosed")).toBe("Not a valid regular expression.");
  });

  it("is refused on the product form, at the field's pattern", () => {
    const product = {
      sku: "slow-pattern",
      category: "topup",
      name: "Slow",
      group: "Slow",
      region: "GLOBAL",
      listPrice: "1.00",
      minQuantity: 1,
      maxQuantity: 1,
    };
    const field = { name: "player_id", label: "Player ID", required: true, pattern: "^(\\w+\\s?)+$" };
    const result = productInputSchema.safeParse({ ...product, fields: [field], fulfilment: "supplier", enabled: true, lowStockThreshold: 0 });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ["fields", 0, "pattern"], message: expect.stringMatching(/can take too long/) })]);
  });
});
