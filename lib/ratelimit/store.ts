export interface RateLimitResult {
  allowed: boolean;
  limit: number;
  /** After counting this request (0 when refused). */
  remaining: number;
  /**
   * Whole seconds until a request is certain to be admitted: 0 while remaining > 0, otherwise the
   * time until enough counted hits leave the window, rounded up (>= 1 when refused).
   */
  resetSeconds: number;
  /** 0 when allowed; equals resetSeconds (>= 1) when refused, ready for a Retry-After header. */
  retryAfterSeconds: number;
  /** Set when the store could not be asked, and the answer is the caller's policy for an outage. */
  unavailable?: true;
}

/**
 * One interface so callers do not care whether the counts live in this process or in Redis.
 *
 * Both keep the seed's sliding-window counter exactly, as the times of the hits admitted within the
 * window, rather than estimating it from two fixed windows with the older one weighted by its
 * overlap. The estimate assumes the older window's hits were spread evenly: if they all came at its
 * end, it admits nearly the limit again before they are a window old, and it can ask a refused caller
 * to wait longer than the window itself.
 */
export interface RateLimitStore {
  /** Counts one hit against `key` when under `limit` within `windowMs`; a refused hit is not counted. */
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  /**
   * The same count as `hit`, answered at once by a store that keeps its counts in this process: the API
   * checks every call's budget, and a promise and its turn of the event loop per call were a measurable
   * part of the wrapper's cost (docs/performance.md, issue 43).
   */
  hitNow?(key: string, limit: number, windowMs: number): RateLimitResult;
  /** The budget of `key` as it stands, counting nothing: `allowed` says whether a hit now would be. */
  peek(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  close?(): Promise<void>;
}
