import { describe, expect, it } from "vitest";
import { crossesThreshold, LOW_BALANCE_THRESHOLD } from "./low-balance";

const usd = (dollars: number) => BigInt(dollars) * 1_000_000n;

describe("crossesThreshold", () => {
  it("is a debit from at or above the threshold to below it", () => {
    expect(crossesThreshold(usd(12), usd(8), LOW_BALANCE_THRESHOLD)).toBe(true);
    expect(crossesThreshold(usd(10), usd(9), LOW_BALANCE_THRESHOLD)).toBe(true);
  });

  it("is not a debit that stays above, lands on the threshold, or starts below it", () => {
    expect(crossesThreshold(usd(30), usd(20), LOW_BALANCE_THRESHOLD)).toBe(false);
    expect(crossesThreshold(usd(12), usd(10), LOW_BALANCE_THRESHOLD)).toBe(false);
    expect(crossesThreshold(usd(9), usd(5), LOW_BALANCE_THRESHOLD)).toBe(false);
  });

  it("is never a credit, and never with the reminder off (a threshold of 0)", () => {
    expect(crossesThreshold(usd(8), usd(12), LOW_BALANCE_THRESHOLD)).toBe(false);
    expect(crossesThreshold(usd(5), 0n, 0n)).toBe(false);
  });
});
