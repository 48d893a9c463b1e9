import { describe, expect, it } from "vitest";
import { QUOTE_VALID_MS, quotedMoment } from "./quoted-change";

describe("a confirmed quote's moment", () => {
  const now = Date.parse("2025-01-10T12:00:00Z");

  it("holds for QUOTE_VALID_MS, at the moment the quote was made", () => {
    expect(quotedMoment(now, now)).toEqual(new Date(now));
    expect(quotedMoment(now - QUOTE_VALID_MS, now)).toEqual(new Date(now - QUOTE_VALID_MS));
  });

  it("is refused once older, from the future, or not a time at all", () => {
    expect(quotedMoment(now - QUOTE_VALID_MS - 1, now)).toBeNull();
    expect(quotedMoment(now + 1, now)).toBeNull();
    expect(quotedMoment(Number.NaN, now)).toBeNull();
    expect(quotedMoment(Number(""), now)).toBeNull();
  });
});
