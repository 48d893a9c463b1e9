import { describe, expect, it } from "vitest";
import { timeLeftText } from "./sla";

describe("the promised answer's time left", () => {
  const now = new Date("2026-11-29T10:00:00Z");
  it("counts down in hours and minutes, then says how long it is overdue", () => {
    expect(timeLeftText(new Date("2026-11-30T09:30:00Z"), now)).toBe("23 h 30 min left");
    expect(timeLeftText(new Date("2026-11-29T10:20:00Z"), now)).toBe("20 min left");
    expect(timeLeftText(new Date("2026-11-29T08:00:00Z"), now)).toBe("overdue by 2 h");
  });
});
