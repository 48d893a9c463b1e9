import type { Micros } from "@/lib/money/money";

/** Below this balance (10.00 USD) the panel reminds a reseller to top up. */
export const LOW_BALANCE_THRESHOLD: Micros = 10_000_000n;

export function isLowBalance(balance: Micros): boolean {
  return balance < LOW_BALANCE_THRESHOLD;
}
