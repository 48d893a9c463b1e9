import { formatMoney } from "@/lib/money/money";

/** A sandbox transfer whose block is not final yet, with the reseller it went to (null: an address no reseller holds). */
export interface UnfinalTransfer {
  value: bigint;
  blockTimestamp: Date;
  email: string | null;
}

export interface FinalityPlan {
  /** How many transfers become final, the one asked about included. */
  transfers: number;
  /** What the watcher then credits, per reseller, in the order first sent. */
  credits: { email: string; amount: bigint }[];
}

/**
 * What making the block at `upTo` final does: every transfer not yet final up to it becomes final, as
 * on the real chain, and the watcher credits those to a reseller's address at or above the dust limit.
 */
export function planFinality(unfinal: readonly UnfinalTransfer[], upTo: Date, dust: bigint): FinalityPlan {
  const made = unfinal.filter((transfer) => transfer.blockTimestamp.getTime() <= upTo.getTime());
  const credits = new Map<string, bigint>();
  for (const { email, value } of made) if (email !== null && value >= dust && value > 0n) credits.set(email, (credits.get(email) ?? 0n) + value);
  return { transfers: made.length, credits: [...credits].map(([email, amount]) => ({ email, amount })) };
}

/** "Credit 10.00 USDT to mia@example.com and 4.00 USDT to leo@example.com now? It makes 1 earlier transfer final too." */
export function finalityQuestion(plan: FinalityPlan, dust: bigint): string {
  const list = plan.credits.map(({ email, amount }) => `${formatMoney(amount)} USDT to ${email}`);
  const ask = list.length
    ? `Credit ${list.length === 1 ? list[0] : `${list.slice(0, -1).join(", ")} and ${list[list.length - 1]}`} now?`
    : `Make it final now? It credits nothing (below the ${formatMoney(dust)} USDT dust limit).`;
  const earlier = plan.transfers - 1;
  return earlier > 0 ? `${ask} It makes ${earlier} earlier ${earlier === 1 ? "transfer" : "transfers"} final too.` : ask;
}
