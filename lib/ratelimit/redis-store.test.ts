import { randomUUID } from "node:crypto";
import { createServer, type AddressInfo, type Socket } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { checkApiRateLimit, checkLoginRateLimit } from "./limiter";
import { RedisRateLimitStore } from "./redis-store";
import { redisReachable, TEST_REDIS_URL } from "@/lib/ratelimit/testing/redis";
import { captureLog } from "@/lib/observability/testing/capture-log";

/** What the rate limiter warned, line by line. */
const warnings = (log: ReturnType<typeof captureLog>) =>
  log
    .lines()
    .filter((line) => line.level === 40)
    .map((line) => String(line.msg));

const REDIS_URL = TEST_REDIS_URL;
const UNREACHABLE_URL = "redis://127.0.0.1:1";

const reachable = await redisReachable(REDIS_URL);
if (!reachable && !process.env.CI) {
  console.warn(`Skipping RedisRateLimitStore tests against a real Redis: nothing answers at ${REDIS_URL} (set TEST_REDIS_URL).`);
}

const stores: RedisRateLimitStore[] = [];
function openStore(url = REDIS_URL): RedisRateLimitStore {
  const store = new RedisRateLimitStore(url);
  stores.push(store);
  return store;
}
afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
});

const uniqueKey = () => `test:${randomUUID()}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

if (!reachable && process.env.CI) {
  describe("RedisRateLimitStore", () => {
    it("needs a reachable Redis in CI", () => {
      expect.fail(`Redis is not reachable at ${REDIS_URL}; CI must provide one (TEST_REDIS_URL).`);
    });
  });
}

describe.skipIf(!reachable)("RedisRateLimitStore (real Redis)", () => {
  it("allows the limit, then refuses with retryAfter, and admits again after the window", async () => {
    const store = openStore();
    const key = uniqueKey();
    for (let i = 1; i <= 5; i++) {
      expect(await store.hit(key, 5, 2000)).toMatchObject({ allowed: true, limit: 5, remaining: 5 - i, retryAfterSeconds: 0 });
    }
    const refused = await store.hit(key, 5, 2000);
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(2);
    expect(refused.resetSeconds).toBe(refused.retryAfterSeconds);

    await sleep(2100);
    expect(await store.hit(key, 5, 2000)).toMatchObject({ allowed: true, remaining: 4 });
  });

  it("admits exactly the limit out of 50 concurrent hits", async () => {
    const store = openStore();
    const key = uniqueKey();
    const results = await Promise.all(Array.from({ length: 50 }, () => store.hit(key, 10, 60_000)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(results.filter((r) => !r.allowed).every((r) => r.retryAfterSeconds >= 1)).toBe(true);
  });

  it("shares one budget between two store instances", async () => {
    const [a, b] = [openStore(), openStore()];
    const key = uniqueKey();
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await a.hit(key, 5, 60_000), await b.hit(key, 5, 60_000));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, true, true, false, false, false]);
    expect(results[4].remaining).toBe(0);
  });

  it("peek reports the budget as it stands, agrees with hit, and counts nothing", async () => {
    const store = openStore();
    const key = uniqueKey();
    expect(await store.peek(key, 3, 60_000)).toEqual({ allowed: true, limit: 3, remaining: 3, resetSeconds: 0, retryAfterSeconds: 0 });
    await store.hit(key, 3, 60_000);
    for (let i = 0; i < 5; i++) expect(await store.peek(key, 3, 60_000)).toMatchObject({ allowed: true, remaining: 2, resetSeconds: 0 });
    await store.hit(key, 3, 60_000);
    const last = await store.hit(key, 3, 60_000);
    const peeked = await store.peek(key, 3, 60_000);
    expect(peeked).toMatchObject({ allowed: false, limit: 3, remaining: 0 });
    expect(peeked.resetSeconds).toBe(last.resetSeconds);
    expect(peeked.resetSeconds).toBeGreaterThanOrEqual(59);
  });

  it("does not count refused hits and lets the key expire", async () => {
    const store = openStore();
    const key = uniqueKey();
    await store.hit(key, 1, 1000);
    for (let i = 0; i < 20; i++) expect((await store.hit(key, 1, 1000)).allowed).toBe(false);
    await sleep(1100);
    expect((await store.hit(key, 1, 1000)).allowed).toBe(true);
  });

  it("counts logins per IP through checkLoginRateLimit", async () => {
    const store = openStore();
    const ip = `203.0.113.${Math.floor(Math.random() * 255)}-${randomUUID()}`;
    expect(await checkLoginRateLimit(ip, store)).toMatchObject({ allowed: true, limit: 10, remaining: 9 });
  });
});

/** A Redis that connects and passes the ready check, then never answers a command: a stopped server behind a live proxy. */
async function stalledRedis(): Promise<{ url: string; close: () => void }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    const info = "redis_version:7.0.0\r\nloading:0\r\n";
    const handshake: Record<string, string> = { hello: "-ERR unknown command 'hello'\r\n", client: "+OK\r\n", info: `$${info.length}\r\n${info}\r\n` };
    socket.on("data", (data) => {
      for (const [, name] of data.toString().matchAll(/\*\d+\r\n\$\d+\r\n(\w+)/g)) {
        const reply = handshake[name.toLowerCase()];
        if (!reply) return;
        socket.write(reply);
      }
    });
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

describe("RedisRateLimitStore (stalled Redis)", () => {
  it("waits out one command timeout, then refuses at once instead of stalling every call", async () => {
    const redis = await stalledRedis();
    const store = new RedisRateLimitStore(redis.url, { commandTimeoutMs: 300, stallPauseMs: 1000 });
    stores.push(store);
    try {
      let started = Date.now();
      await expect(store.hit(uniqueKey(), 5, 2000)).rejects.toThrow(/timed out/i);
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      started = Date.now();
      for (let i = 0; i < 5; i++) await expect(store.hit(uniqueKey(), 5, 2000)).rejects.toThrow(/unavailable/);
      expect(Date.now() - started).toBeLessThan(200);
      // After the pause one call tries Redis again, and waits for it.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      started = Date.now();
      await expect(store.hit(uniqueKey(), 5, 2000)).rejects.toThrow(/timed out/i);
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    } finally {
      redis.close();
    }
  });
});

describe("RedisRateLimitStore (unreachable Redis)", () => {
  it("rejects within 3 seconds instead of hanging", async () => {
    const store = openStore(UNREACHABLE_URL);
    const started = Date.now();
    await expect(store.hit(uniqueKey(), 5, 2000)).rejects.toThrow(/unavailable/);
    await expect(store.hit(uniqueKey(), 5, 2000)).rejects.toThrow(/unavailable/);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("makes API limits fail open and the login limit fail closed", async () => {
    const store = openStore(UNREACHABLE_URL);
    const warn = captureLog();
    try {
      expect(await checkApiRateLimit("catalog_read", "key1", 1, store)).toMatchObject({ allowed: true, limit: 30, remaining: 30 });
      expect(await checkLoginRateLimit("198.51.100.7", store)).toMatchObject({ allowed: false, retryAfterSeconds: 60 });
      // One outage of one store: one line, however many calls it answered.
      expect(warnings(warn)).toHaveLength(1);
    } finally {
      warn.restore();
    }
  });
});
