import { randomUUID } from "node:crypto";
import Redis from "ioredis";
import { assertValidLimit, rateLimitResult } from "./result";
import type { RateLimitResult, RateLimitStore } from "./store";

const KEY_PREFIX = "rl:";

/** Both scripts' start: the key, the limit and window (ms), and Redis's clock in ms as `now`. */
const SCRIPT_PRELUDE = `
-- Redis < 5 replicates scripts verbatim and would refuse writes after TIME; newer ones ignore this.
if redis.replicate_commands then pcall(redis.replicate_commands) end
local key = KEYS[1]
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/**
 * One round trip, atomic: concurrent hits from any number of app instances cannot both take the
 * last slot. Redis TIME is the clock so instances with skewed clocks still share one window.
 * Returns { allowed (0|1), count after this hit, timestamp of the hit that must expire before the
 * next admission (-1 when below the limit), now }, all in ms.
 */
const HIT_SCRIPT = `${SCRIPT_PRELUDE}
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
local allowed = 0
if count < limit then
  redis.call('ZADD', key, now, ARGV[3])
  redis.call('PEXPIRE', key, window)
  count = count + 1
  allowed = 1
end
local blocking = -1
if count >= limit then
  blocking = tonumber(redis.call('ZRANGE', key, count - limit, count - limit, 'WITHSCORES')[2])
end
return { allowed, count, blocking, now }
`;

/** HIT_SCRIPT without the hit: { count, the blocking hit's timestamp (-1 below the limit), now }. */
const PEEK_SCRIPT = `${SCRIPT_PRELUDE}
local after = string.format('(%d', now - window)
local count = redis.call('ZCOUNT', key, after, '+inf')
local blocking = -1
if count >= limit then
  blocking = tonumber(redis.call('ZRANGEBYSCORE', key, after, '+inf', 'WITHSCORES', 'LIMIT', count - limit, 1)[2])
end
return { count, blocking, now }
`;

type ScriptedRedis = Redis & {
  rateLimitHit(key: string, limit: number, windowMs: number, member: string): Promise<unknown>;
  rateLimitPeek(key: string, limit: number, windowMs: number): Promise<unknown>;
};

export interface RedisRateLimitStoreOptions {
  /** Bounds both the TCP connect and the wait for the first connection; keep it short. */
  connectTimeoutMs?: number;
  /** A connected but stalled Redis must not hold requests either. */
  commandTimeoutMs?: number;
  /** After a command timed out, how long calls are refused at once before one tries again. */
  stallPauseMs?: number;
}

/**
 * Sliding log in a Redis ZSET per key (scores = admission times), shared by every app instance.
 * It never queues commands while disconnected: `hit` rejects at once (or within the connect
 * timeout on first use) so the caller can apply its own policy — API limits fail open, login fails
 * closed.
 */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: ScriptedRedis;
  private readonly connectTimeoutMs: number;
  /** Members must be unique or two hits in the same millisecond would count once. */
  private readonly instanceId = randomUUID();
  private sequence = 0;
  private lastError: Error | undefined;
  /** Set once a connection attempt fails, so later hits reject at once instead of each waiting. */
  private failedSinceReady = false;
  /** Until when calls are refused after a command timed out (see unstalled). */
  private stalledUntil = 0;
  private readonly stallPauseMs: number;
  private pendingReady: Promise<void> | undefined;

  constructor(url: string, options: RedisRateLimitStoreOptions = {}) {
    this.connectTimeoutMs = options.connectTimeoutMs ?? 1000;
    this.stallPauseMs = options.stallPauseMs ?? 5000;
    this.redis = new Redis(url, {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      connectTimeout: this.connectTimeoutMs,
      commandTimeout: options.commandTimeoutMs ?? 1000,
    }) as ScriptedRedis;
    this.redis.defineCommand("rateLimitHit", { numberOfKeys: 1, lua: HIT_SCRIPT });
    this.redis.defineCommand("rateLimitPeek", { numberOfKeys: 1, lua: PEEK_SCRIPT });
    // Without a listener ioredis prints every failed reconnect; the error surfaces through `hit`.
    this.redis.on("error", (error: Error) => {
      this.lastError = error;
      this.failedSinceReady = true;
    });
    this.redis.on("close", () => {
      this.failedSinceReady = true;
    });
    this.redis.on("ready", () => {
      this.failedSinceReady = false;
      this.lastError = undefined;
    });
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    assertValidLimit(limit, windowMs);
    await this.ensureReady();
    const member = `${this.instanceId}:${this.sequence++}`;
    const reply = await this.unstalled(this.redis.rateLimitHit(KEY_PREFIX + key, limit, windowMs, member));
    const [allowed, count, blocking, now] = numbers(reply, 4);
    return rateLimitResult(allowed === 1, limit, count, blocking < 0 ? null : blocking, windowMs, now);
  }

  async peek(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    assertValidLimit(limit, windowMs);
    await this.ensureReady();
    const reply = await this.unstalled(this.redis.rateLimitPeek(KEY_PREFIX + key, limit, windowMs));
    const [count, blocking, now] = numbers(reply, 3);
    return rateLimitResult(count < limit, limit, count, blocking < 0 ? null : blocking, windowMs, now);
  }

  /**
   * A Redis that is connected but does not answer (stopped, busy, or behind a stalled proxy) would make
   * every call wait out the command timeout. After one timeout the calls are refused at once for a
   * pause, then one tries again on a fresh connection: one slow call per pause instead of all of them.
   */
  private async unstalled<T>(command: Promise<T>): Promise<T> {
    try {
      return await command;
    } catch (error) {
      if (error instanceof Error && /timed out/i.test(error.message)) {
        this.lastError = error;
        this.stalledUntil = Date.now() + this.stallPauseMs;
        this.redis.disconnect(true);
      }
      throw error;
    }
  }

  async close(): Promise<void> {
    if (this.redis.status === "ready") {
      await this.redis.quit().catch(() => this.redis.disconnect());
    } else {
      this.redis.disconnect();
    }
  }

  /**
   * With the offline queue off, a command sent before the connection is up is refused, so the
   * first hits wait (bounded) for it; once a connection has failed, hits reject immediately until
   * ioredis's background reconnect succeeds.
   */
  private ensureReady(): Promise<void> {
    if (Date.now() < this.stalledUntil) return Promise.reject(this.unavailable());
    const { status } = this.redis;
    if (status === "ready") return Promise.resolve();
    if (this.failedSinceReady || status === "end" || status === "close" || status === "reconnecting") {
      return Promise.reject(this.unavailable());
    }
    // One shared wait, not a listener per concurrent hit.
    this.pendingReady ??= this.waitForReady().finally(() => {
      this.pendingReady = undefined;
    });
    return this.pendingReady;
  }

  private waitForReady(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const settle = (error?: Error) => {
        clearTimeout(timer);
        this.redis.off("ready", onReady);
        this.redis.off("close", onDown);
        this.redis.off("end", onDown);
        if (error) reject(error);
        else resolve();
      };
      const onReady = () => settle();
      const onDown = () => settle(this.unavailable());
      // A little over connectTimeout so a slow TCP connect reports its own error first.
      const timer = setTimeout(() => {
        // A stalled handshake counts as a failure too, or every later hit would wait again.
        this.failedSinceReady = true;
        settle(this.unavailable("not ready in time"));
      }, this.connectTimeoutMs + 250);
      this.redis.once("ready", onReady);
      this.redis.once("close", onDown);
      this.redis.once("end", onDown);
      // Failures arrive as "close"; the promise itself only repeats them.
      if (this.redis.status === "wait") this.redis.connect().catch(() => {});
    });
  }

  private unavailable(reason?: string): Error {
    const detail = reason ?? this.lastError?.message ?? `connection ${this.redis.status}`;
    return new Error(`Redis rate limit store unavailable: ${detail}`);
  }
}

function numbers(reply: unknown, length: number): number[] {
  if (!Array.isArray(reply) || reply.length !== length || !reply.every((n) => typeof n === "number")) {
    throw new Error(`unexpected rate limit script reply: ${JSON.stringify(reply)}`);
  }
  return reply;
}
