/** How the client retries: bounded attempts, exponential back-off with jitter, `Retry-After` honoured. */
export interface RetryOptions {
  /** Attempts in all, the first included; 1 turns retries off. */
  maxAttempts: number;
  /** The back-off before the first retry; it doubles with every further one. */
  baseDelayMs: number;
  /** The longest wait; a `Retry-After` longer than this ends the retries instead. */
  maxDelayMs: number;
  /** How to wait (tests inject one that records instead of sleeping). */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** A number in [0, 1) for the jitter. */
  random: () => number;
}

export const DEFAULT_RETRY: RetryOptions = {
  maxAttempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 60_000,
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const timer = setTimeout(resolve, ms);
      signal?.addEventListener(
        "abort",
        () => {
          clearTimeout(timer);
          reject(signal.reason);
        },
        { once: true },
      );
    }),
  random: Math.random,
};

/**
 * The wait before attempt `attempt + 1`: half the exponential step plus a random part of the other
 * half, so that many clients that failed together do not retry together.
 */
export function backoffDelay(attempt: number, options: RetryOptions): number {
  const step = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(step / 2 + options.random() * (step / 2));
}

/**
 * The wait before retrying after `attempt` failed, or null when it is not retried: the attempts are
 * used up, or the server asked for a longer wait than `maxDelayMs`. The server's `Retry-After` (the
 * time after which the request is certain to be admitted) wins over the back-off.
 */
export function retryDelay(attempt: number, retryAfterSeconds: number | null, options: RetryOptions): number | null {
  if (attempt >= options.maxAttempts) return null;
  if (retryAfterSeconds === null) return backoffDelay(attempt, options);
  const ms = retryAfterSeconds * 1000;
  return ms > options.maxDelayMs ? null : ms;
}
