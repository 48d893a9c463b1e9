import { describe, expect, it } from "vitest";
import { PRODUCT_CATEGORIES } from "@/lib/db/schema";
import { orderOperations, orderRequestSchema } from "./orders";

const fieldIssues = (value: unknown) =>
  orderRequestSchema.safeParse({ sku: "platformtopup-wallet-10", fields: { login: value } }).error?.issues.map((issue) => issue.message);

describe("an order's field given as a JSON number", () => {
  it("is taken when the number is exactly the digits sent", () => {
    for (const value of [123456, 999_999_999_999_999, "123456789012345678"]) {
      expect(fieldIssues(value), String(value)).toBeUndefined();
    }
  });

  it("is refused when JSON cannot carry it exactly, rather than ordering for another recipient", () => {
    // 123456789012345678 parses as 123456789012345680; 12.50 as 12.5.
    for (const value of [123456789012345678, 9007199254740991, 1e21, 12.5]) {
      expect(fieldIssues(value), String(value)).toEqual(["A number here must be a whole number of at most 15 digits; send other values as a string."]);
    }
  });
});

describe("an order's field name", () => {
  it("of over 64 characters is an unknown field, as no product names one so long", () => {
    const issues = orderRequestSchema.safeParse({ sku: "giftcard-steam-us-20", fields: { ["k".repeat(65)]: "v" } }).error?.issues;
    expect(issues?.map((issue) => [issue.path.join("."), issue.message])).toEqual([[`fields.${"k".repeat(65)}`, "Unknown field."]]);
  });
});

describe("the order-create operations", () => {
  const creates = orderOperations.filter((operation) => operation.category === "order_create") as {
    operationId: string;
    sells: readonly string[] | "any";
    description?: string;
  }[];

  it("each says which categories it sells, and its description says the same", () => {
    expect(creates.length).toBe(8);
    for (const operation of creates) {
      expect(operation.sells, operation.operationId).toBeDefined();
      if (operation.sells === "any") expect(operation.description).toContain("Sells a product of any category.");
      else for (const category of operation.sells) expect(operation.description).toContain(`\`${category}\``);
    }
  });

  it("sell every category: createOrderOp any, and each other category at exactly one endpoint of its own", () => {
    expect(creates.filter((operation) => operation.sells === "any").map((operation) => operation.operationId)).toEqual(["createOrder"]);
    const dedicated = creates.flatMap((operation) => (operation.sells === "any" ? [] : operation.sells));
    expect(new Set(dedicated).size).toBe(dedicated.length);
    expect([...dedicated].sort()).toEqual(PRODUCT_CATEGORIES.filter((category) => category !== "manual").sort());
  });
});
