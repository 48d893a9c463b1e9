import type { GuardedPostResult } from "@/lib/net/guarded-request";

/** Without a Retry-After an upstream's 429 keeps it quiet this long. */
export const DEFAULT_RATE_LIMIT_MS = 30_000;

/**
 * What an upstream's answer says about asking it again, for an `unknown` outcome's retryAfterMs: a 429
 * always rate-limits the supplier (for its Retry-After, or DEFAULT_RATE_LIMIT_MS without one); a 503
 * does when it names a Retry-After. Undefined: no advice, the usual back-off applies.
 */
export function upstreamRetryAfterMs(result: Pick<GuardedPostResult, "status" | "retryAfterMs">): number | undefined {
  if (result.status === 429) return result.retryAfterMs ?? DEFAULT_RATE_LIMIT_MS;
  if (result.status === 503 && result.retryAfterMs !== null) return result.retryAfterMs;
  return undefined;
}
