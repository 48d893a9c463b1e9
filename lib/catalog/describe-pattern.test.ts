import { describe, expect, it } from "vitest";
import { describePattern, patternError } from "./describe-pattern";

describe("patternError", () => {
  it("says what the value must be for the common patterns", () => {
    expect(patternError("Player ID", "^[0-9]{5,12}$")).toBe("Player ID must be 5–12 digits.");
    expect(patternError("PIN", "^[0-9]{4}$")).toBe("PIN must be 4 digits.");
    expect(patternError("Username", "^@?[A-Za-z0-9_]{4,32}$")).toBe("Username must be 4–32 letters, digits or _, with or without @.");
    expect(patternError("Friend link", "^\\S{3,200}$")).toBe("Friend link must be 3–200 characters without spaces.");
  });

  it("names any other pattern as written", () => {
    expect(patternError("Code", "^[A-Z]{3}$")).toBe("Code must match ^[A-Z]{3}$.");
  });
});

describe("describePattern", () => {
  it("keeps the short hints", () => {
    expect(describePattern("^[0-9]{1,6}$")).toBe("1–6 digits");
    expect(describePattern("^\\S{3,200}$")).toBe("No spaces");
    expect(describePattern(null)).toBeNull();
  });
});
