import { describe, expect, it } from "vitest";
import { z } from "zod";
import { apiIssueMessages, errorAnswer, toAppError, zodIssuesToValidation } from "./errors";

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

describe("what an unexpected failure is answered", () => {
  it("is 503 service_unavailable with Retry-After when the database cannot be reached, and leaks nothing of the driver's error", () => {
    const lost = Object.assign(new Error("Failed query: select balance from users"), {
      cause: { code: "55000", severity: "FATAL", message: 'database "shop" is not currently accepting connections' },
    });
    const { appError, unexpected } = toAppError(lost);
    expect(unexpected).toBe(true);
    const answer = errorAnswer(appError, "req-1");
    expect(answer.status).toBe(503);
    expect(answer.headers["Retry-After"]).toBe("5");
    expect(answer.body).toMatchObject({ error: { code: "service_unavailable", retryable: true, request_id: "req-1" } });
    expect(JSON.stringify(answer.body)).not.toMatch(/shop|accepting|select|balance/);
  });

  it("is 500 internal_error for a failure of ours", () => {
    const { appError, unexpected } = toAppError(new TypeError("Cannot read properties of undefined"));
    expect(unexpected).toBe(true);
    expect(errorAnswer(appError, "req-2")).toMatchObject({ status: 500, body: { error: { code: "internal_error", retryable: true } } });
  });
});
