import { describe, expect, it } from "vitest";
import { formatMoney } from "@/lib/money/money";
import { filterTime, MONEY_INPUT_MESSAGE, moneyInput, paginationQuery } from "./common-schemas";
import { moneyString } from "@/lib/records/fields";

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

describe("money in a request", () => {
  it("takes a decimal string of digits, with a single leading zero before the point, as micro-dollars", () => {
    const cases: [string, bigint][] = [
      ["100", 100_000_000n],
      ["25.5", 25_500_000n],
      ["25.50", 25_500_000n],
      ["0.50", 500_000n],
      ["0", 0n],
      ["25.123456", 25_123_456n],
      ["999999999999.999999", 999_999_999_999_999_999n],
    ];
    for (const [text, micros] of cases) expect(moneyInput.parse(text), text).toBe(micros);
  });

  it("refuses a JSON number, an exponent, a sign, padding, leading zeros and a lone point, saying the form it takes", () => {
    for (const input of [100, 25.5, "1e2", " 100", "100 ", "00050", "01.50", "+5", "-5", "5.", ".5", "1,50", "25.1234567", "ten", "", null, true]) {
      expect(
        moneyInput.safeParse(input).error?.issues.map((issue) => issue.message),
        JSON.stringify(input),
      ).toEqual([MONEY_INPUT_MESSAGE]);
    }
    expect(MONEY_INPUT_MESSAGE).toBe('Must be a decimal string of US dollars such as "25.50", with at most 6 fraction digits.');
  });

  it("refuses 13 whole digits, past what an amount holds", () => {
    expect(moneyInput.safeParse("1000000000000").error?.issues.map((issue) => issue.message)).toEqual(["Must be below 1000000000000."]);
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
      expect(
        query.safeParse({ limit }).error?.issues.map((issue) => issue.message),
        limit,
      ).toEqual(["Must be a whole number from 1 to 100."]);
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
      expect(
        filterTime.safeParse(text).error?.issues.map((issue) => issue.message),
        text,
      ).toEqual(["Must be an ISO 8601 time with Z or an offset, such as 2026-11-01T00:00:00Z; send an offset's + as %2B."]);
    }
  });

  it("refuses the year 0, which Postgres has not", () => {
    expect(filterTime.safeParse("0000-12-31T00:00:00Z").error?.issues.map((issue) => issue.message)).toEqual(["Must be in the year 1 or later."]);
  });
});
