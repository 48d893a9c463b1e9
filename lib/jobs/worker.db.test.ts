import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database, Db } from "@/lib/db/client";
import { jobs } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import "./prune-jobs";
import { claimJobs, completeHeldJobs, enqueueJob } from "./queue";
import { registerBatchJobHandler, registerJobHandler, type BatchJobHandler } from "./registry";
import { runDueJobsOnce, startWorker, type Worker } from "./worker";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quiet = () => {};

describe(`job worker (${testDriver()})`, () => {
  let database: Database;
  let db: Db;
  const workers: Worker[] = [];
  beforeAll(async () => {
    // Enough connections for two workers to really claim concurrently on Postgres.
    database = await createTestDatabase({ maxConnections: 10 });
    db = database.db;
  });
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    await database.close();
  });

  const rowsOf = (kind: string) => db.select().from(jobs).where(eq(jobs.kind, kind)).orderBy(jobs.id);
  const start = (options: Partial<Parameters<typeof startWorker>[0]> = {}) => {
    const worker = startWorker({ db, pollIntervalMs: 20, log: quiet, ...options });
    workers.push(worker);
    return worker;
  };

  // The runDueJobsOnce tests come first: once a worker has started, its prune job is in the queue too.
  it("retries a failing handler with back-off and fails the job after maxAttempts", async () => {
    let calls = 0;
    registerJobHandler("w.flaky", async () => {
      calls++;
      throw new Error(`boom ${calls}`);
    });
    await enqueueJob(db, { kind: "w.flaky", maxAttempts: 3 });
    for (const attempt of [1, 2, 3]) {
      expect(await runDueJobsOnce(db, "w1", { log: quiet })).toBe(1);
      const [row] = await rowsOf("w.flaky");
      expect(row).toMatchObject({ attempts: attempt, lastError: `boom ${attempt}`, status: attempt < 3 ? "pending" : "failed" });
      // Not due again until the back-off has passed; the test moves the clock on instead of waiting.
      expect(await runDueJobsOnce(db, "w1", { log: quiet })).toBe(0);
      await db
        .update(jobs)
        .set({ runAt: sql`now()` })
        .where(eq(jobs.id, row.id));
    }
    expect(await runDueJobsOnce(db, "w1", { log: quiet })).toBe(0);
    expect(calls).toBe(3);
  });

  it("settles what a job leaves behind once, after its last attempt failed", async () => {
    const settled: number[] = [];
    registerJobHandler(
      "w.settle",
      async () => {
        throw new Error("supplier down");
      },
      { onGiveUp: async (job) => void settled.push(job.id) },
    );
    await enqueueJob(db, { kind: "w.settle", maxAttempts: 2 });
    expect(await runDueJobsOnce(db, "w1", { log: quiet })).toBe(1);
    expect(settled).toEqual([]);
    const [row] = await rowsOf("w.settle");
    await db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.id, row.id));
    expect(await runDueJobsOnce(db, "w1", { log: quiet })).toBe(1);
    expect(settled).toEqual([row.id]);
    expect((await rowsOf("w.settle"))[0]).toMatchObject({ status: "failed", lastError: "supplier down" });
  });

  it("starts a recurring job over after a pause when its attempts run out, rather than failing it for good", async () => {
    registerJobHandler(
      "w.recurring",
      async () => {
        throw new Error("chain unreachable");
      },
      { recurring: true },
    );
    await enqueueJob(db, { kind: "w.recurring", maxAttempts: 1 });
    expect(await runDueJobsOnce(db, "w1", { log: quiet })).toBe(1);
    const [row] = await rowsOf("w.recurring");
    expect(row).toMatchObject({ status: "pending", attempts: 0 });
    const pause = row.runAt.getTime() - Date.now();
    expect(pause).toBeGreaterThan(50_000);
    expect(pause).toBeLessThanOrEqual(60_000);
    await db.delete(jobs).where(eq(jobs.id, row.id));
    // Workers started by the later tests schedule every recurring kind; this one is not theirs.
    registerJobHandler("w.recurring", async () => {});
  });

  it("fails a job whose kind has no handler, saying so", async () => {
    await enqueueJob(db, { kind: "w.unknown", maxAttempts: 1 });
    const lines: string[] = [];
    await runDueJobsOnce(db, "w1", { log: (line) => lines.push(line) });
    const [row] = await rowsOf("w.unknown");
    expect(row).toMatchObject({ status: "failed", lastError: 'no handler is registered for job kind "w.unknown"' });
    expect(lines.join("\n")).toContain("w.unknown");
  });

  /** A batch kind whose handler notes each call's jobs, works a moment, then completes them together. */
  const batchKind = (kind: string, slots: number) => {
    const calls: number[][] = [];
    const handler: BatchJobHandler = (claimed, { db }) => {
      calls.push(claimed.map((job) => job.id));
      const done = sleep(30).then(() => completeHeldJobs(db, claimed));
      return claimed.map(() => done);
    };
    registerBatchJobHandler(kind, handler, { slots });
    return calls;
  };

  it("runs a batch kind's jobs one at a time when draining with runDueJobsOnce", async () => {
    const calls = batchKind("w.batch-once", 8);
    await enqueueJob(db, { kind: "w.batch-once" });
    await enqueueJob(db, { kind: "w.batch-once" });
    expect(await runDueJobsOnce(db, "w1", { log: quiet })).toBe(2);
    expect(calls.map((call) => call.length)).toEqual([1, 1]);
    expect((await rowsOf("w.batch-once")).map((row) => row.status)).toEqual(["done", "done"]);
  });

  it("puts a job that asks to run again later back in the queue", async () => {
    registerJobHandler("w.poll", async () => ({ retryInMs: 60_000 }));
    await enqueueJob(db, { kind: "w.poll" });
    expect(await runDueJobsOnce(db, "w1", { log: quiet })).toBe(1);
    expect((await rowsOf("w.poll"))[0]).toMatchObject({ status: "pending", attempts: 0, lastError: null });
  });

  it("gives a kind the lease it registered", async () => {
    let leaseSeconds = 0;
    registerJobHandler(
      "w.long",
      async () => {
        const [row] = await rowsOf("w.long");
        leaseSeconds = (row.lockedUntil!.getTime() - Date.now()) / 1000;
      },
      { leaseMs: 3_600_000 },
    );
    await enqueueJob(db, { kind: "w.long" });
    await runDueJobsOnce(db, "w1", { log: quiet });
    expect(leaseSeconds).toBeGreaterThan(3_000);
  });

  it("runs each of 200 jobs exactly once with two workers", async () => {
    const runs = new Map<number, number>();
    registerJobHandler("w.count", async (job) => {
      runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
      await sleep(Math.random() * 3);
    });
    await db.insert(jobs).values(Array.from({ length: 200 }, (_, i) => ({ kind: "w.count", payload: { i } })));
    const pair = [start({ workerId: "one" }), start({ workerId: "two" })];
    await vi.waitFor(async () => expect((await rowsOf("w.count")).filter((r) => r.status === "done")).toHaveLength(200), {
      timeout: 15_000,
      interval: 50,
    });
    await Promise.all(pair.map((w) => w.stop()));

    expect(runs.size).toBe(200);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    const rows = await rowsOf("w.count");
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
    expect(new Set(rows.map((r) => r.lockedBy))).toEqual(new Set(["one", "two"]));
  });

  it("runs a batch kind in slots of its own, many jobs a claim, each job once", async () => {
    const calls = batchKind("w.batch", 8);
    await db.insert(jobs).values(Array.from({ length: 40 }, (_, i) => ({ kind: "w.batch", payload: { i } })));
    // One slot for every other kind: the batch kind does not share it.
    const worker = start({ concurrency: 1 });
    await vi.waitFor(async () => expect((await rowsOf("w.batch")).filter((r) => r.status === "done")).toHaveLength(40), { timeout: 10_000, interval: 50 });
    await worker.stop();
    const ids = (await rowsOf("w.batch")).map((row) => row.id);
    expect(calls.flat().sort((a, b) => a - b)).toEqual(ids);
    // The first claim fills the slots and as many again, ready for when a slot comes free.
    expect(calls[0]).toHaveLength(16);
    // Claims wait for half the slots to come free, so each takes at least 4 jobs while others run.
    expect(calls.length).toBeLessThanOrEqual(1 + (40 - 16) / 4);
  });

  it("runs at most a batch kind's slots of its jobs' slot parts at once, with as many again claimed and ready", async () => {
    let inSlot = 0;
    let mostInSlot = 0;
    let unfinished = 0;
    let mostUnfinished = 0;
    const handler: BatchJobHandler = (claimed, ctx) =>
      claimed.map(async (job) => {
        mostUnfinished = Math.max(mostUnfinished, ++unfinished);
        await ctx.inSlot(async () => {
          mostInSlot = Math.max(mostInSlot, ++inSlot);
          await sleep(40);
          inSlot--;
        });
        await completeHeldJobs(ctx.db, [job]);
        unfinished--;
      });
    registerBatchJobHandler("w.slots", handler, { slots: 4 });
    await db.insert(jobs).values(Array.from({ length: 24 }, (_, i) => ({ kind: "w.slots", payload: { i } })));
    const worker = start();
    await vi.waitFor(async () => expect((await rowsOf("w.slots")).filter((r) => r.status === "done")).toHaveLength(24), { timeout: 10_000, interval: 50 });
    await worker.stop();
    expect(mostInSlot).toBe(4);
    expect(mostUnfinished).toBe(8);
  });

  it("schedules the prune job once however many workers start", async () => {
    expect(await rowsOf("jobs.prune")).toHaveLength(1);
  });

  it("keeps a running job's lease alive, however much longer than the lease it runs", async () => {
    let runs = 0;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    registerJobHandler(
      "w.heartbeat",
      async () => {
        runs++;
        started();
        await held;
      },
      { leaseMs: 300 },
    );
    await enqueueJob(db, { kind: "w.heartbeat" });
    const worker = start({ workerId: "busy", pollIntervalMs: 20 });
    try {
      await running;
      // Two leases' worth of running: without the heartbeat another worker could claim it by now.
      await sleep(700);
      expect(await claimJobs(db, "thief", { limit: 1, leaseMs: 300, kind: "w.heartbeat" })).toEqual([]);
      release();
      await vi.waitFor(async () => expect((await rowsOf("w.heartbeat"))[0]).toMatchObject({ status: "done", lockedBy: "busy", attempts: 1 }), {
        timeout: 5_000,
        interval: 50,
      });
      expect(runs).toBe(1);
    } finally {
      release();
      await worker.stop();
    }
  });

  it("picks up a job whose worker died, once its lease has expired", async () => {
    let runs = 0;
    registerJobHandler("w.orphan", async () => {
      runs++;
    });
    await enqueueJob(db, { kind: "w.orphan" });
    // The dead worker: claims with a short lease and never reports back.
    const [orphan] = await claimJobs(db, "dead", { limit: 1, leaseMs: 300, kind: "w.orphan" });
    expect(orphan).toBeDefined();
    const worker = start({ workerId: "survivor", pollIntervalMs: 50 });
    await sleep(150);
    expect(runs).toBe(0);
    await vi.waitFor(async () => expect((await rowsOf("w.orphan"))[0]).toMatchObject({ status: "done", lockedBy: "survivor", attempts: 2 }), {
      timeout: 5_000,
      interval: 50,
    });
    expect(runs).toBe(1);
    await worker.stop();
  });

  it("wakes up for a new job without waiting out the poll interval", async () => {
    let ran = false;
    registerJobHandler("w.wake", async () => {
      ran = true;
    });
    const worker = start({ pollIntervalMs: 60_000 });
    await sleep(200);
    await enqueueJob(db, { kind: "w.wake" });
    worker.wake();
    await vi.waitFor(() => expect(ran).toBe(true), { timeout: 2_000, interval: 20 });
    await worker.stop();
  });

  it("on stop, aborts the jobs in flight, waits for them and leaves them due for another worker", async () => {
    let finished = false;
    registerJobHandler("w.stop", async (_job, { signal }) => {
      await new Promise((resolve) => signal.addEventListener("abort", resolve));
      await sleep(50);
      finished = true;
      throw new Error("interrupted");
    });
    await enqueueJob(db, { kind: "w.stop" });
    const worker = start();
    await vi.waitFor(async () => expect((await rowsOf("w.stop"))[0].status).toBe("running"), { timeout: 2_000, interval: 20 });
    await worker.stop();
    expect(finished).toBe(true);
    expect((await rowsOf("w.stop"))[0]).toMatchObject({ status: "pending", attempts: 1, lastError: "interrupted" });
    expect(await claimJobs(db, "next", { limit: 1, leaseMs: 1_000, kind: "w.stop" })).toHaveLength(1);
  });

  it("keeps polling through database errors", async () => {
    let failuresLeft = 3;
    // A database whose first statements fail, as during an outage.
    const flaky = new Proxy(db, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if ((property === "insert" || property === "update") && failuresLeft > 0) {
          return () => {
            failuresLeft--;
            throw new Error("connection refused");
          };
        }
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    let ran = false;
    registerJobHandler("w.outage", async () => {
      ran = true;
    });
    await enqueueJob(db, { kind: "w.outage" });
    const lines: string[] = [];
    const worker = start({ db: flaky, pollIntervalMs: 10, log: (line) => lines.push(line) });
    await vi.waitFor(() => expect(ran).toBe(true), { timeout: 5_000, interval: 20 });
    await worker.stop();
    expect(lines.filter((line) => line.includes("connection refused"))).toHaveLength(3);
  });
});
