import type { RateLimitResult } from "./store";

/** Both stores reject the same bad arguments, so a misconfiguration behaves alike in dev and prod. */
export function assertValidLimit(limit: number, windowMs: number): void {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`rate limit must be a positive integer, got ${limit}`);
  if (!Number.isSafeInteger(windowMs) || windowMs < 1) throw new RangeError(`rate limit window must be a positive integer of ms, got ${windowMs}`);
}

/**
 * Shared by both stores so they agree to the second. `count` is the number of hits in the window
 * after this one was (or was not) counted; `blockingHitMs` is the timestamp of the hit whose expiry
 * brings the count back under the limit (the oldest one unless the limit was lowered), or null when
 * the count is already below the limit.
 */
export function rateLimitResult(
  allowed: boolean,
  limit: number,
  count: number,
  blockingHitMs: number | null,
  windowMs: number,
  nowMs: number,
): RateLimitResult {
  const remaining = allowed ? Math.max(0, limit - count) : 0;
  // Capped at the window: only a clock that stepped back leaves a hit stamped after now.
  const resetSeconds =
    remaining > 0 || blockingHitMs === null ? 0 : Math.min(Math.ceil(windowMs / 1000), Math.max(1, Math.ceil((blockingHitMs + windowMs - nowMs) / 1000)));
  return { allowed, limit, remaining, resetSeconds, retryAfterSeconds: allowed ? 0 : Math.max(1, resetSeconds) };
}
