import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "@/lib/db/client";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { RedisRateLimitStore } from "@/lib/ratelimit/redis-store";
import { redisReachable, TEST_REDIS_URL } from "@/lib/ratelimit/testing/redis";
import { answerHealth, type HealthSources } from "./health";

const OTHER_PATH = 418;

const redisAnswers = await redisReachable();

describe(`GET /api/health (${testDriver()})`, () => {
  let database: Database;
  let sources: HealthSources;
  let server: Server;
  let base: string;
  const stores: RedisRateLimitStore[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    server = createServer((req, res) => {
      if (!answerHealth(req, res, sources)) res.writeHead(OTHER_PATH).end();
    });
    // Longer than any pause between two requests here (a second database starting on a busy machine can
    // take 5 s): fetch reuses the kept socket, and one the server closes at that moment is reset.
    server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await Promise.all(stores.map((store) => store.close()));
    await database.close();
  });

  const serving = (overrides: Partial<HealthSources> = {}): HealthSources => ({ db: database.db, rateLimits: null, stopping: () => false, ...overrides });

  it("answers 200 while the database answers, not to be cached, with a request id", async () => {
    sources = serving();
    const response = await fetch(`${base}/api/health?probe=lb`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(await response.json()).toEqual({ status: "ok", stopping: false, database: "ok", rate_limits: "in-process" });
    const head = await fetch(`${base}/api/health`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it("answers 503 once the instance is stopping, so the balancer sends it nothing new", async () => {
    sources = serving({ stopping: () => true });
    const response = await fetch(`${base}/api/health`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "unavailable", stopping: true, database: "ok", rate_limits: "in-process" });
  });

  it("answers 503 when the database refuses, and within its timeout when it does not answer at all", async () => {
    const closed = await createTestDatabase();
    await closed.close();
    sources = serving({ db: closed.db });
    const refused = await fetch(`${base}/api/health`);
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ status: "unavailable", database: "unavailable" });

    sources = serving({ db: { execute: () => new Promise(() => {}) } as unknown as Db });
    const started = Date.now();
    const silent = await fetch(`${base}/api/health`);
    expect(silent.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(await silent.json()).toMatchObject({ database: "unavailable" });
  });

  it("stays 200 without Redis, which only degrades the limits, and says so", async () => {
    const unreachable = new RedisRateLimitStore("redis://127.0.0.1:1", { connectTimeoutMs: 300 });
    stores.push(unreachable);
    sources = serving({ rateLimits: unreachable });
    const response = await fetch(`${base}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok", rate_limits: "unavailable" });
  });

  it.runIf(redisAnswers || process.env.CI)("reports a reachable Redis as ok", async () => {
    const store = new RedisRateLimitStore(TEST_REDIS_URL);
    stores.push(store);
    sources = serving({ rateLimits: store });
    expect(await (await fetch(`${base}/api/health`)).json()).toMatchObject({ status: "ok", rate_limits: "ok" });
  });

  it("refuses other methods with 405 and Allow, and leaves other paths alone", async () => {
    sources = serving();
    const post = await fetch(`${base}/api/health`, { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
    expect((await post.json()).error.code).toBe("method_not_allowed");
    expect((await fetch(`${base}/api/healthz`)).status).toBe(OTHER_PATH);
    expect((await fetch(`${base}/api/v2/health`)).status).toBe(OTHER_PATH);
    expect((await fetch(`${base}/api/health/other`)).status).toBe(OTHER_PATH);
  });

  it("answers /api/health/live while the process answers, whatever its database or a stop", async () => {
    sources = serving({ db: { execute: () => Promise.reject(new Error("connection refused")) } as unknown as Db, stopping: () => true });
    const response = await fetch(`${base}/api/health/live`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(await response.json()).toEqual({ status: "ok" });
    expect((await fetch(`${base}/api/health/live`, { method: "HEAD" })).status).toBe(200);
    const post = await fetch(`${base}/api/health/live`, { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
    expect((await post.json()).error.message).toBe("/api/health/live does not take POST; it takes GET, HEAD.");
  });

  it("answers /api/health/ready 200 with the database reachable and every migration applied, 503 once stopping", async () => {
    sources = serving();
    const ready = await fetch(`${base}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get("cache-control")).toBe("no-store");
    expect(await ready.json()).toEqual({ status: "ok", stopping: false, database: "ok", migrations: "applied", pending_migrations: [] });
    expect((await fetch(`${base}/api/health/ready`, { method: "HEAD" })).status).toBe(200);

    sources = serving({ stopping: () => true });
    const stopping = await fetch(`${base}/api/health/ready`);
    expect(stopping.status).toBe(503);
    expect(await stopping.json()).toMatchObject({ status: "unavailable", stopping: true, database: "ok", migrations: "applied" });
    expect((await fetch(`${base}/api/health/ready`, { method: "DELETE" })).status).toBe(405);
  });

  it("answers /api/health/ready 503 while the database is out of reach or lacks a migration of this build", async () => {
    const closed = await createTestDatabase();
    await closed.close();
    sources = serving({ db: closed.db });
    const unreachable = await fetch(`${base}/api/health/ready`);
    expect(unreachable.status).toBe(503);
    expect(await unreachable.json()).toEqual({
      status: "unavailable",
      stopping: false,
      database: "unavailable",
      migrations: "unknown",
      pending_migrations: [],
    });

    const behind = await createTestDatabase();
    try {
      await behind.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
      sources = serving({ db: behind.db });
      const response = await fetch(`${base}/api/health/ready`);
      expect(response.status).toBe(503);
      const newest = (JSON.parse(readFileSync("drizzle/meta/_journal.json", "utf8")) as { entries: { tag: string }[] }).entries.at(-1)!.tag;
      expect(await response.json()).toEqual({ status: "unavailable", stopping: false, database: "ok", migrations: "pending", pending_migrations: [newest] });
      // The instance's own /api/health does not look at migrations and stays as it was.
      expect((await fetch(`${base}/api/health`)).status).toBe(200);

      // A database no migrator has touched lacks them all.
      await behind.db.execute(sql`drop schema drizzle cascade`);
      const untouched = await (await fetch(`${base}/api/health/ready`)).json();
      expect(untouched).toMatchObject({ status: "unavailable", database: "ok", migrations: "pending" });
      expect(untouched.pending_migrations).toHaveLength(
        (JSON.parse(readFileSync("drizzle/meta/_journal.json", "utf8")) as { entries: unknown[] }).entries.length,
      );
    } finally {
      await behind.close();
    }
  });
});
