import { describe, expect, it } from "vitest";
import { formatTimeSince } from "./format";

describe("formatTimeSince", () => {
  const now = new Date("2026-11-21T18:40:00Z");
  it("gives the time of day for earlier the same UTC day, and the date too before it", () => {
    expect(formatTimeSince(new Date("2026-11-21T09:05:59Z"), now)).toBe("09:05 UTC");
    expect(formatTimeSince(new Date("2026-11-20T23:59:00Z"), now)).toBe("20 Nov 2026, 23:59 UTC");
  });
});
