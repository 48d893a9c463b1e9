import { connect, createServer, type AddressInfo, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getWebhook } from "@/app/api/v2/account/webhook/route";
import { createApiKey } from "@/lib/api-keys/manage-keys";
import { setDatabase, type Database } from "@/lib/db/client";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { resellerWithBalance } from "@/lib/orders/testing/helpers";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { redisReachable, TEST_REDIS_URL } from "@/lib/ratelimit/testing/redis";
import { RedisRateLimitStore } from "./redis-store";
import type { RateLimitStore } from "./store";
import { captureLog } from "@/lib/observability/testing/capture-log";

/** What the rate limiter warned, line by line. */
const warnings = (log: ReturnType<typeof captureLog>) =>
  log
    .lines()
    .filter((line) => line.level === 40)
    .map((line) => String(line.msg));

const reachable = await redisReachable();

/** A TCP proxy to the real Redis that can be cut (listener closed, connections reset) and restored on the same port. */
async function cuttableRedis() {
  const target = new URL(TEST_REDIS_URL);
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const open = async () => {
    server = createServer((client) => {
      const upstream = connect(Number(target.port || 6379), target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on("error", () => {});
        socket.on("close", () => sockets.delete(socket));
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server!.listen(port, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  };
  await open();
  return {
    url: `redis://127.0.0.1:${port}`,
    cut: async () => {
      await new Promise((resolve) => {
        server!.close(resolve);
        for (const socket of sockets) socket.destroy();
      });
    },
    restore: open,
  };
}

const cache = globalThis as unknown as { __rateLimitStore?: RateLimitStore };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!reachable && !process.env.CI)(`a Redis outage of the API rate limits (${testDriver()})`, () => {
  let database: Database;
  let key: string;
  let store: RedisRateLimitStore;
  let redis: Awaited<ReturnType<typeof cuttableRedis>>;
  const previous = cache.__rateLimitStore;

  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureTariffs(database.db);
    setDatabase(database);
    const reseller = await resellerWithBalance(database.db, 0n);
    key = (await createApiKey(database.db, { userId: reseller.id, name: "outage" })).key;
    redis = await cuttableRedis();
    store = new RedisRateLimitStore(redis.url);
    cache.__rateLimitStore = store;
  });
  afterAll(async () => {
    cache.__rateLimitStore = previous;
    await store.close();
    await redis.cut();
    setDatabase(undefined);
    await database.close();
  });

  const call = () => getWebhook(new Request("http://localhost/api/v2/account/webhook", { headers: { "X-API-Key": key } }), { params: Promise.resolve({}) });
  const budget = (response: Response) => ["limit", "remaining", "reset"].map((name) => response.headers.get(`x-ratelimit-${name}`));

  it("logs one line when it starts and one when it ends with the requests let through, and claims no budget meanwhile", async () => {
    const warn = captureLog();
    try {
      const before = await call();
      expect(before.status).toBe(200);
      expect(budget(before)).toEqual(["120", "119", "0"]);

      await redis.cut();
      const during: Response[] = [];
      for (let i = 0; i < 25; i++) during.push(await call());
      expect(during.map((r) => r.status)).toEqual(Array(25).fill(200));
      expect(during.map(budget)).toEqual(Array(25).fill([null, null, null]));
      expect(warnings(warn)).toHaveLength(1);
      expect(warnings(warn)[0]).toMatch(/^rate limits unavailable \(.+\): API requests are let through uncounted/);

      await redis.restore();
      let letThrough = 25;
      let after = await call();
      for (let i = 0; i < 100 && after.headers.get("x-ratelimit-remaining") === null; i++) {
        letThrough++;
        await sleep(50);
        after = await call();
      }
      expect(after.status).toBe(200);
      expect(budget(after)).toEqual(["120", "118", "0"]);
      expect(warnings(warn)).toHaveLength(2);
      expect(warnings(warn)[1]).toMatch(
        new RegExp(`^rate limits back after \\d+ s: ${letThrough} API requests were let through uncounted and 0 attempts refused meanwhile$`),
      );
    } finally {
      warn.restore();
    }
  });
});
