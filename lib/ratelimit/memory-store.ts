import { HitLog } from "./hit-log";
import { assertValidLimit, rateLimitResult } from "./result";
import type { RateLimitResult, RateLimitStore } from "./store";

interface Entry {
  hits: HitLog;
  /** Remembered so the sweep can tell when the whole key has expired. */
  windowMs: number;
}

export interface MemoryRateLimitStoreOptions {
  /** Injectable for tests; defaults to Date.now. */
  now?: () => number;
  /** How often to look for keys nobody hits any more; they would otherwise live forever. */
  sweepIntervalMs?: number;
}

/**
 * Sliding log kept in this process: exact, but per instance, so it suits a single server and
 * tests. Several instances need the Redis store to share one budget.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;
  private readonly sweepIntervalMs: number;
  private lastSweepMs: number;

  constructor(options: MemoryRateLimitStoreOptions = {}) {
    this.now = options.now ?? Date.now;
    this.sweepIntervalMs = options.sweepIntervalMs ?? 60_000;
    this.lastSweepMs = this.now();
  }

  /** Number of keys held; exposed so tests can check that memory is released. */
  get size(): number {
    return this.entries.size;
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    return this.hitNow(key, limit, windowMs);
  }

  hitNow(key: string, limit: number, windowMs: number): RateLimitResult {
    assertValidLimit(limit, windowMs);
    const now = this.now();
    this.sweepIfDue(now);

    let entry = this.entries.get(key);
    // A refused hit on an empty log is impossible (limit >= 1), so the key is never stored empty.
    if (!entry) this.entries.set(key, (entry = { hits: new HitLog(), windowMs }));
    entry.windowMs = windowMs;
    const { hits } = entry;
    hits.dropUntil(now - windowMs);
    const allowed = hits.count < limit;
    if (allowed) hits.add(now);

    const count = hits.count;
    const blocking = count >= limit ? hits.at(count - limit) : null;
    return rateLimitResult(allowed, limit, count, blocking, windowMs, now);
  }

  async peek(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    assertValidLimit(limit, windowMs);
    const now = this.now();
    const hits = this.entries.get(key)?.hits;
    hits?.dropUntil(now - windowMs);
    const count = hits?.count ?? 0;
    const blocking = hits && count >= limit ? hits.at(count - limit) : null;
    return rateLimitResult(count < limit, limit, count, blocking, windowMs, now);
  }

  async close(): Promise<void> {
    this.entries.clear();
  }

  /** Amortised: one pass per interval keeps memory bounded by the keys active within a window. */
  private sweepIfDue(now: number): void {
    if (now - this.lastSweepMs < this.sweepIntervalMs) return;
    this.lastSweepMs = now;
    for (const [key, entry] of this.entries) {
      entry.hits.dropUntil(now - entry.windowMs);
      if (entry.hits.count === 0) this.entries.delete(key);
    }
  }
}
