import { describe, expect, it } from "vitest";
import { formatMoney } from "@/lib/money/money";
import { moneyString, paginationQuery } from "./common-schemas";

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

describe("?limit=", () => {
  const query = paginationQuery("ord");

  it("takes a whole number from 1 to 100, 50 when left out", () => {
    expect(query.parse({ limit: "1" }).limit).toBe(1);
    expect(query.parse({ limit: "100" }).limit).toBe(100);
    expect(query.parse({}).limit).toBe(50);
  });

  it("refuses anything else saying what it takes, not 'expected number, received NaN'", () => {
    for (const limit of ["abc", "", "0", "101", "2.5", "-1", "Infinity"]) {
      expect(query.safeParse({ limit }).error?.issues.map((issue) => issue.message), limit).toEqual(["Must be a whole number from 1 to 100."]);
    }
  });
});
