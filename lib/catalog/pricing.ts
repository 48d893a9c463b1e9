import { parseMoney } from "@/lib/money/money";

/**
 * The price after a tariff discount given as a percentage string ("3.5"), rounded half up to the
 * micro-dollar. Integer arithmetic only: the percentage is read as micro-percent.
 */
export function discountedPrice(listPrice: bigint, discountPercent: string | undefined): bigint {
  const percentMicros = discountPercent ? parseMoney(discountPercent) : 0n;
  if (percentMicros === null || percentMicros <= 0n) return listPrice;
  const hundredPercent = 100_000_000n;
  const clamped = percentMicros > hundredPercent ? hundredPercent : percentMicros;
  return (listPrice * (hundredPercent - clamped) + hundredPercent / 2n) / hundredPercent;
}
