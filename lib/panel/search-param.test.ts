import { describe, expect, it } from "vitest";
import { searchParam } from "./search-param";

describe("searchParam", () => {
  it("takes a single value, trimmed, and drops empty ones, repeated ones and any with a NUL", () => {
    expect(searchParam(" steam ")).toBe("steam");
    expect([searchParam(""), searchParam("  "), searchParam(undefined), searchParam(["a", "b"])]).toEqual([undefined, undefined, undefined, undefined]);
    expect([searchParam("a\u0000b"), searchParam("\u0000")]).toEqual([undefined, undefined]);
  });
});
