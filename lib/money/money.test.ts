import { describe, expect, it } from "vitest";
import { formatMoney, parseMoney } from "./money";

describe("money", () => {
  it.each([
    ["12.5", 12_500_000n, "12.50"],
    ["0.1", 100_000n, "0.10"],
    ["100.000437", 100_000_437n, "100.000437"],
    ["100", 100_000_000n, "100.00"],
    ["-19.40", -19_400_000n, "-19.40"],
    ["0", 0n, "0.00"],
    ["999999999999.999999", 999_999_999_999_999_999n, "999999999999.999999"],
  ])("parses %s exactly and formats it back", (text, micros, formatted) => {
    expect(parseMoney(text)).toBe(micros);
    expect(formatMoney(micros)).toBe(formatted);
  });

  // "1000000000000" is 13 whole digits: past a trillion dollars, Postgres' bigint would be the limit.
  it.each(["", "1.1234567", "1e3", "0x10", "1,5", "abc", "1.", ".5", "NaN", "1000000000000", "99999999999999"])("rejects %j", (text) => {
    expect(parseMoney(text)).toBeNull();
  });
});
