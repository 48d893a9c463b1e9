import { parseMoney } from "@/lib/money/money";

/** One micro-dollar. */
const MIN_PRICE = 1n;

/**
 * The price after a tariff discount given as a percentage string ("3.5"), rounded half up to the
 * micro-dollar, and never below one micro-dollar: nothing is sold for free (an order's total must be
 * positive), however large the discount or small the list price. Integer arithmetic only: the
 * percentage is read as micro-percent.
 */
export function discountedPrice(listPrice: bigint, discountPercent: string | undefined): bigint {
  const percentMicros = discountPercent ? parseMoney(discountPercent) : 0n;
  if (percentMicros === null || percentMicros <= 0n) return listPrice;
  const hundredPercent = 100_000_000n;
  const clamped = percentMicros > hundredPercent ? hundredPercent : percentMicros;
  const price = (listPrice * (hundredPercent - clamped) + hundredPercent / 2n) / hundredPercent;
  return price > 0n ? price : MIN_PRICE;
}
