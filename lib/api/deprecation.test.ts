import { describe, expect, it } from "vitest";
import { deprecationHeaders, noticeProblem } from "./deprecation";
import { operations } from "./operations";

const notice = { deprecatedAt: "2026-12-01T00:00:00Z", sunsetAt: "2027-03-01T00:00:00Z", link: "https://example.com/docs/api-changelog#old" };

describe("deprecating an operation", () => {
  it("answers with Deprecation, Sunset and Link as RFC 9745 and RFC 8594 write them", () => {
    expect(deprecationHeaders(notice)).toEqual({
      Deprecation: "@1796083200",
      Sunset: "Mon, 01 Mar 2027 00:00:00 GMT",
      Link: '<https://example.com/docs/api-changelog#old>; rel="deprecation"',
    });
    expect(deprecationHeaders(undefined)).toEqual({});
  });

  it("refuses a sunset less than 90 days after the announcement", () => {
    expect(noticeProblem(notice)).toBeNull();
    expect(noticeProblem({ ...notice, sunsetAt: "2027-02-28T23:59:59Z" })).toMatch(/at least 90 days/);
    expect(noticeProblem({ ...notice, sunsetAt: "soon" })).toMatch(/ISO 8601/);
  });

  it("every deprecated operation keeps the policy", () => {
    for (const operation of operations) {
      if (operation.deprecation) expect(noticeProblem(operation.deprecation), operation.operationId).toBeNull();
    }
  });
});
