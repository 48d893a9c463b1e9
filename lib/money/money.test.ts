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
    ["123456789012345.123456", 123_456_789_012_345_123_456n, "123456789012345.123456"],
  ])("parses %s exactly and formats it back", (text, micros, formatted) => {
    expect(parseMoney(text)).toBe(micros);
    expect(formatMoney(micros)).toBe(formatted);
  });

  it.each(["", "1.1234567", "1e3", "0x10", "1,5", "abc", "1.", ".5", "NaN"])("rejects %j", (text) => {
    expect(parseMoney(text)).toBeNull();
  });
});
