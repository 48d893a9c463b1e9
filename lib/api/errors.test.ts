import { describe, expect, it } from "vitest";
import { z } from "zod";
import { apiIssueMessages, zodIssuesToValidation } from "./errors";

const issuesOf = (schema: z.ZodType, value: unknown) => zodIssuesToValidation(schema.safeParse(value, { error: apiIssueMessages }).error!);

describe("the messages of refused input", () => {
  it("call a field that was left out 'Required.', whatever its type: a string, one of a list, a choice of types", () => {
    const schema = z.strictObject({ sku: z.string(), tier: z.enum(["Bronze", "Silver", "Gold"]), amount: z.union([z.string(), z.number()]) });
    expect(issuesOf(schema, {})).toEqual([
      { path: "sku", message: "Required." },
      { path: "tier", message: "Required." },
      { path: "amount", message: "Required." },
    ]);
  });

  it("keep zod's own words for a value that was given", () => {
    const schema = z.strictObject({ tier: z.enum(["Bronze", "Silver", "Gold"]) });
    expect(issuesOf(schema, { tier: "gold" })).toEqual([{ path: "tier", message: 'Invalid option: expected one of "Bronze"|"Silver"|"Gold"' }]);
  });
});
