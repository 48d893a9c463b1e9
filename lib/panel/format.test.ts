import { describe, expect, it } from "vitest";
import { formatSeconds, formatTimeSince } from "./format";

describe("formatTimeSince", () => {
  const now = new Date("2026-11-21T18:40:00Z");
  it("gives the time of day for earlier the same UTC day, and the date too before it", () => {
    expect(formatTimeSince(new Date("2026-11-21T09:05:59Z"), now)).toBe("09:05 UTC");
    expect(formatTimeSince(new Date("2026-11-20T23:59:00Z"), now)).toBe("20 Nov 2026, 23:59 UTC");
  });
});

describe("formatSeconds", () => {
  it("gives a wait in its largest two units, rounded down", () => {
    expect([0, 59.9, 60, 299, 3600, 3661, 7500, 86_400, 90_000, 200_000].map(formatSeconds)).toEqual([
      "0 s",
      "59 s",
      "1 min",
      "4 min",
      "1 h",
      "1 h 1 min",
      "2 h 5 min",
      "1 d",
      "1 d 1 h",
      "2 d 7 h",
    ]);
  });
});
