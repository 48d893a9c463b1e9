import { describe, expect, it } from "vitest";
import type { Order } from "@/lib/db/schema";
import { waitsForOperator } from "./take-order";

const order = (overrides: Partial<Order>) => ({ status: "processing", type: "topup", takenAt: null, ...overrides }) as Order;

describe("an order waiting for an operator, as the reseller's order page tells it", () => {
  it("is a processing order of the manual category, of a product now fulfilled by hand, or one an admin took", () => {
    expect(waitsForOperator(order({ type: "manual" }), { fulfilment: "manual" })).toBe(true);
    expect(waitsForOperator(order({}), { fulfilment: "manual" })).toBe(true);
    expect(waitsForOperator(order({ takenAt: new Date() }), { fulfilment: "supplier" })).toBe(true);
  });

  it("is not a supplier's or stock order nobody took, nor a closed order", () => {
    expect(waitsForOperator(order({}), { fulfilment: "supplier" })).toBe(false);
    expect(waitsForOperator(order({}), null)).toBe(false);
    expect(waitsForOperator(order({ type: "manual", status: "completed" }), { fulfilment: "manual" })).toBe(false);
  });
});
