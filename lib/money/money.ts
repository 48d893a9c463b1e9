/** Money is an integer count of micro-dollars (1e-6 USD); it becomes a decimal string only at the edge. */
export type Micros = bigint;

export const MICROS_PER_DOLLAR = 1_000_000n;

/**
 * At most 12 whole digits: a trillion dollars is 1e18 micro-dollars, inside Postgres' bigint (9.2e18),
 * so no amount that parses can fail the database's range.
 */
const MONEY_PATTERN = /^(-)?(\d{1,12})(?:\.(\d{1,6}))?$/;

/** "12.5" -> 12_500_000n; null when the text is not a plain decimal with at most 12 whole and 6 fraction digits. */
export function parseMoney(text: string): Micros | null {
  const match = MONEY_PATTERN.exec(text.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ""] = match;
  const micros = BigInt(whole) * MICROS_PER_DOLLAR + BigInt(fraction.padEnd(6, "0"));
  return sign ? -micros : micros;
}

/** 12_500_000n -> "12.50"; at least 2 and at most 6 fraction digits, no trailing zeros past the second. */
export function formatMoney(micros: Micros): string {
  const negative = micros < 0n;
  const abs = negative ? -micros : micros;
  const whole = abs / MICROS_PER_DOLLAR;
  let fraction = (abs % MICROS_PER_DOLLAR).toString().padStart(6, "0");
  fraction = fraction.replace(/0+$/, "").padEnd(2, "0");
  return `${negative ? "-" : ""}${whole}.${fraction}`;
}
