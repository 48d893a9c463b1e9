import { describe, expect, it } from "vitest";
import { allowlistTextSchema, apiKeyNameSchema } from "./schemas";

describe("apiKeyNameSchema", () => {
  it("keeps names in any script, trimmed", () => {
    expect(apiKeyNameSchema.parse("  Shop bot — Ünïcode 商店 ✓ ")).toBe("Shop bot — Ünïcode 商店 ✓");
  });

  it("refuses control characters and bidirectional overrides, which would change how the list reads", () => {
    for (const name of ["x\u0001y", "red \u001b[31m", "\u202egnp.exe", "a\u200bb", "tab\there", "\u2066isolate"]) {
      const result = apiKeyNameSchema.safeParse(name);
      expect(result.success, JSON.stringify(name)).toBe(false);
      expect(result.error?.issues[0].message).toBe("Use letters, digits, spaces and punctuation only.");
    }
  });
});

describe("allowlistTextSchema", () => {
  it("says its length limit in words", () => {
    expect(allowlistTextSchema.safeParse("1".repeat(4001)).error?.issues[0].message).toBe("Use at most 4,000 characters.");
  });
});
