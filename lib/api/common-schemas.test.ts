import { describe, expect, it } from "vitest";
import { formatMoney } from "@/lib/money/money";
import { filterTime, moneyString, paginationQuery } from "./common-schemas";

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
    expect(query.parse({ limit: "007" }).limit).toBe(7);
    expect(query.parse({}).limit).toBe(50);
  });

  it("refuses anything else saying what it takes, not 'expected number, received NaN'", () => {
    for (const limit of ["abc", "", "0", "101", "2.5", "-1", "Infinity", "0x10", "1e1", " 5", "5 ", "+5", "99999999999999999999"]) {
      expect(query.safeParse({ limit }).error?.issues.map((issue) => issue.message), limit).toEqual(["Must be a whole number from 1 to 100."]);
    }
  });
});

describe("a time filter", () => {
  it("takes ISO 8601 with Z or an offset", () => {
    for (const text of ["2026-11-01T00:00:00Z", "2026-11-01T00:00:00.123Z", "2026-11-01T00:00:00+05:00", "0001-01-01T00:00:00Z"]) {
      expect(filterTime.safeParse(text).success, text).toBe(true);
    }
  });

  it("refuses anything else with one message saying what it takes, and how to send an offset's + in a query", () => {
    // "+05:00" unencoded in a query arrives as " 05:00".
    for (const text of ["2026-11-01T00:00:00 05:00", "2026-11-01T00:00:00", "2026-11-01", "yesterday"]) {
      expect(filterTime.safeParse(text).error?.issues.map((issue) => issue.message), text).toEqual([
        "Must be an ISO 8601 time with Z or an offset, such as 2026-11-01T00:00:00Z; send an offset's + as %2B.",
      ]);
    }
  });

  it("refuses the year 0, which Postgres has not", () => {
    expect(filterTime.safeParse("0000-12-31T00:00:00Z").error?.issues.map((issue) => issue.message)).toEqual(["Must be in the year 1 or later."]);
  });
});
