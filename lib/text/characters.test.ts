import { describe, expect, it } from "vitest";
import { characterCount, firstCharacters, shortened } from "./characters";

describe("characters", () => {
  it("are counted as code points", () => {
    expect(characterCount("abc")).toBe(3);
    expect(characterCount("😀😀")).toBe(2);
    expect(characterCount("e\u0301")).toBe(2);
  });

  it("are cut between code points", () => {
    expect(firstCharacters("ab😀cd", 3)).toBe("ab😀");
    expect(firstCharacters("😀", 0)).toBe("");
  });

  it("are shortened between what a reader sees as one", () => {
    const family = "👩‍👩‍👧‍👦";
    expect(shortened("y".repeat(98) + family + "and more", 100)).toBe("y".repeat(98) + family + "…");
    expect(shortened("short", 100)).toBe("short");
    expect(shortened("🇺🇸".repeat(5), 3)).toBe("🇺🇸🇺🇸…");
  });
});
