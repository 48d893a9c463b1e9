import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { startWorker, type Worker } from "@/lib/jobs/worker";
import { startWorkerHealth } from "./worker-health";

const STALL_AFTER_MS = 1_500;

describe(`the worker's health endpoint (${testDriver()})`, () => {
  let database: Database;
  let worker: Worker;
  let server: Server;
  let url: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    worker = startWorker({ db: database.db, workerId: "health-test", pollIntervalMs: 100, log: () => {} });
    server = await startWorkerHealth({ worker, port: 0, host: "127.0.0.1", stallAfterMs: STALL_AFTER_MS });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/health`;
  });
  afterAll(async () => {
    await worker.stop(2_000);
    await new Promise((resolve) => server.close(resolve));
    await database.close();
  });

  it("answers 200 while the worker polls, not to be cached, with a request id", async () => {
    await new Promise((resolve) => setTimeout(resolve, STALL_AFTER_MS + 500));
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(await response.json()).toEqual({ status: "ok", worker_id: "health-test", last_turn_seconds_ago: 0, stall_after_seconds: 1.5 });
    expect((await fetch(url, { method: "HEAD" })).status).toBe(200);
  });

  it("answers 503 while its loop is stuck on a claim that does not answer, and 200 again once it turns", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // The jobs table locked by another transaction: the worker's next claim waits on it.
    const holder = database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table jobs in access exclusive mode`);
      locked();
      await held;
    });
    try {
      await isLocked;
      await expect
        .poll(
          async () => {
            const response = await fetch(url);
            return { status: response.status, body: await response.json() };
          },
          { timeout: 10_000, interval: 250 },
        )
        .toMatchObject({ status: 503, body: { status: "stalled", worker_id: "health-test" } });
    } finally {
      release();
      await holder;
    }
    await expect.poll(async () => (await fetch(url)).status, { timeout: 10_000, interval: 100 }).toBe(200);
  });

  it("refuses other methods and answers nothing but /health", async () => {
    const post = await fetch(url, { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
    const other = await fetch(url.replace("/health", "/metrics"));
    expect(other.status).toBe(404);
    expect((await other.json()).error.message).toBe("The worker answers /health only.");
  });
});
