import { describe, expect, it } from "vitest";
import { discountedPrice } from "./pricing";

describe("tariff pricing", () => {
  it.each([
    [1_500_000n, undefined, 1_500_000n],
    [1_500_000n, "0", 1_500_000n],
    [20_000_000n, "3", 19_400_000n],
    [20_000_000n, "3.5", 19_300_000n],
    [1_000_001n, "50", 500_001n],
    [3n, "50", 2n],
    [10_000_000n, "100", 1n],
    [10_000_000n, "150", 1n],
    [1n, "60", 1n],
    [1n, "40", 1n],
    [10_000_000n, "not-a-number", 10_000_000n],
  ])("%s at %s%% off is %s", (list, percent, expected) => {
    expect(discountedPrice(list, percent)).toBe(expected);
  });
});
