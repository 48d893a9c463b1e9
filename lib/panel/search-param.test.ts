import { describe, expect, it } from "vitest";
import { filterQuery, searchParam, searchParamOf } from "./search-param";

describe("searchParam", () => {
  it("takes a single value, trimmed, and drops empty ones, repeated ones and any with a NUL", () => {
    expect(searchParam(" steam ")).toBe("steam");
    expect([searchParam(""), searchParam("  "), searchParam(undefined), searchParam(["a", "b"])]).toEqual([undefined, undefined, undefined, undefined]);
    expect([searchParam("a\u0000b"), searchParam("\u0000")]).toEqual([undefined, undefined]);
  });
});

describe("searchParamOf", () => {
  it("reads a page's searchParams and a route handler's URLSearchParams alike", () => {
    expect(searchParamOf({ type: " order " }, "type")).toBe("order");
    expect(searchParamOf(new URLSearchParams("type=%20order%20"), "type")).toBe("order");
    expect(searchParamOf({ type: ["a", "b"] }, "type")).toBeUndefined();
    expect(searchParamOf(new URLSearchParams(""), "type")).toBeUndefined();
  });
});

describe("filterQuery", () => {
  it("leaves out empty values", () => {
    expect(filterQuery({ status: "completed", reference: undefined, type: "" })).toBe("status=completed");
    expect(filterQuery({})).toBe("");
  });
});
