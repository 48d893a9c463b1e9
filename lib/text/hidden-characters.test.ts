import { describe, expect, it } from "vitest";
import { hasHiddenCharacter, hasHiddenCharacterInMessage, hasVisibleCharacter } from "./hidden-characters";

describe("hidden characters", () => {
  it("are found in one line of text: controls, direction overrides, invisible characters", () => {
    for (const text of ["\u202eevil\u202c Shop", "a\u001b[31m", "tab\there", "two\nlines", "zero\u200bwidth", "\ufeffbom", "c1\u0085"])
      expect(hasHiddenCharacter(text), JSON.stringify(text)).toBe(true);
  });

  it("leave ordinary text alone, joiners, accents and right-to-left scripts included", () => {
    for (const text of ["Shop 42", "café", "e\u0301", "👩‍👩‍👧‍👦", "שלום", "مرحبا", "می‌خواهم"]) expect(hasHiddenCharacter(text), text).toBe(false);
  });

  it("in a message, allow line breaks and tabs but not direction overrides or other controls", () => {
    expect(hasHiddenCharacterInMessage("Line one\nLine two\r\n\tindented")).toBe(false);
    expect(hasHiddenCharacterInMessage("reads \u202ebackwards")).toBe(true);
    expect(hasHiddenCharacterInMessage("bell\u0007")).toBe(true);
  });

  it("tell a message that shows nothing", () => {
    expect(hasVisibleCharacter("\u200b")).toBe(false);
    expect(hasVisibleCharacter(" \u200b\u200d\n")).toBe(false);
    expect(hasVisibleCharacter("ok")).toBe(true);
  });
});
