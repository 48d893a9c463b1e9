import type { RateLimitStore } from "./store";
import { componentLogger } from "@/lib/observability/logger";

/** What a call did while the store could not be asked. */
export type OutageVerdict = "let-through" | "refused" | "none";

interface Outage {
  startedAt: number;
  letThrough: number;
  refused: number;
}

const outages = new WeakMap<RateLimitStore, Outage>();

/**
 * A failed call to the store. During an outage every request fails, and a line each buried the
 * logs (and the outage's start) under thousands of copies: the first failure opens the outage with
 * one line, later ones are only counted, for the line that closes it.
 */
const warnRateLimits = (line: string) => componentLogger("rate-limits").warn(line);

export function storeFailed(store: RateLimitStore, error: unknown, verdict: OutageVerdict, log: (line: string) => void = warnRateLimits): void {
  let outage = outages.get(store);
  if (!outage) {
    outage = { startedAt: Date.now(), letThrough: 0, refused: 0 };
    outages.set(store, outage);
    const reason = error instanceof Error ? error.message : String(error);
    log(
      `rate limits unavailable (${reason}): API requests are let through uncounted, without X-RateLimit headers, and sign-ins are refused until it answers again`,
    );
  }
  if (verdict === "let-through") outage.letThrough++;
  if (verdict === "refused") outage.refused++;
}

/** A call the store answered: closes an outage, if one was open, with what it let through. */
export function storeAnswered(store: RateLimitStore, log: (line: string) => void = warnRateLimits): void {
  const outage = outages.get(store);
  if (!outage) return;
  outages.delete(store);
  const seconds = Math.round((Date.now() - outage.startedAt) / 1000);
  log(`rate limits back after ${seconds} s: ${outage.letThrough} API requests were let through uncounted and ${outage.refused} attempts refused meanwhile`);
}
