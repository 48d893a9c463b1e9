import { describe, expect, it } from "vitest";
import { formatMoney } from "@/lib/money/money";
import { moneyString } from "./common-schemas";

describe("the documented money string", () => {
  it("takes what formatMoney writes, across the digits that can end it", () => {
    for (const micros of [0n, 1n, 10n, 100_000n, 120_000n, 12_500_000n, 100_000_437n, -19_400_000n, -1n, 123_456_789_012n]) {
      expect(moneyString.safeParse(formatMoney(micros)).success, formatMoney(micros)).toBe(true);
    }
  });

  it("refuses what API.md rules out: trailing zeros past the second digit, fewer than 2 or more than 6", () => {
    for (const text of ["12.500", "12.5000", "0.100000", "12.5", "12", "1.1234567", "+1.00", "1,00"]) {
      expect(moneyString.safeParse(text).success, text).toBe(false);
    }
  });
});
