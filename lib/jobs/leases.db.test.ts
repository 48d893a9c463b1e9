import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database, Db } from "@/lib/db/client";
import { jobs } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { claimJobs, completeHeldJobs, enqueueJob } from "./queue";
import { registerBatchJobHandler, registerJobHandler } from "./registry";
import { DEFAULT_LEASE_MS, startWorker, type Worker } from "./worker";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quiet = () => {};

/*
 * After a blip, orders sat in `processing` for about 61 s: a job whose worker died, or whose outcome
 * could not be written, waited out a fixed 60 s lease. A running job's lease is renewed (a heartbeat),
 * so the lease can be short and a dead worker's jobs run elsewhere within seconds; a renewal that finds
 * the claim taken stops the job, and its outcome is not written over the new claim.
 */
describe(`job leases (${testDriver()})`, () => {
  let database: Database;
  let db: Db;
  const workers: Worker[] = [];
  beforeAll(async () => {
    database = await createTestDatabase({ maxConnections: 10 });
    db = database.db;
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop(2_000)));
  });
  afterAll(async () => {
    await database.close();
  });

  const rowOf = async (kind: string) => (await db.select().from(jobs).where(eq(jobs.kind, kind)))[0];
  const start = (options: Partial<Parameters<typeof startWorker>[0]> = {}) => {
    const worker = startWorker({ db, pollIntervalMs: 50, log: quiet, ...options });
    workers.push(worker);
    return worker;
  };

  it("runs a dead worker's job elsewhere within 20 s, and leaves a slow job with a live heartbeat to its worker", async () => {
    expect(DEFAULT_LEASE_MS).toBeLessThanOrEqual(15_000);
    const ranBy: string[] = [];
    registerJobHandler("lease.orphan", async () => void ranBy.push("orphan"));
    let slowRuns = 0;
    registerJobHandler("lease.slow", async () => {
      slowRuns++;
      // Longer than a lease: only the heartbeat keeps another worker from taking it.
      await sleep(DEFAULT_LEASE_MS + 2_000);
    });
    await enqueueJob(db, { kind: "lease.orphan" });
    await enqueueJob(db, { kind: "lease.slow" });
    // The dead worker: it claimed with the default lease and died at once, its heartbeat with it.
    const [orphan] = await claimJobs(db, "dead", { limit: 1, leaseMs: DEFAULT_LEASE_MS, kind: "lease.orphan" });
    expect(orphan).toBeDefined();
    const diedAt = Date.now();
    start({ workerId: "slow", concurrency: 1 });
    await vi.waitFor(async () => expect((await rowOf("lease.slow"))?.lockedBy).toBe("slow"), { timeout: 5_000, interval: 50 });
    // Another worker polls all along; it must take the orphan, and not the slow job.
    start({ workerId: "survivor" });
    await vi.waitFor(async () => expect(await rowOf("lease.orphan")).toMatchObject({ status: "done", lockedBy: "survivor", attempts: 2 }), {
      timeout: 20_000,
      interval: 100,
    });
    expect(Date.now() - diedAt).toBeLessThan(20_000);
    await vi.waitFor(async () => expect(await rowOf("lease.slow")).toMatchObject({ status: "done", lockedBy: "slow", attempts: 1 }), {
      timeout: 10_000,
      interval: 100,
    });
    expect(slowRuns).toBe(1);
  }, 45_000);

  it("stops a job whose claim another worker took meanwhile, and does not finish it over the new claim", async () => {
    let aborted = false;
    registerJobHandler(
      "lease.taken",
      async (_job, { signal }) => {
        await new Promise((resolve) => signal.addEventListener("abort", resolve));
        aborted = true;
      },
      { leaseMs: 300 },
    );
    await enqueueJob(db, { kind: "lease.taken" });
    const lines: string[] = [];
    start({ workerId: "stalled", log: (line) => lines.push(line) });
    await vi.waitFor(async () => expect((await rowOf("lease.taken"))?.lockedBy).toBe("stalled"), { timeout: 5_000, interval: 20 });
    // What a claim by another worker after this one's lease ran out leaves in the row.
    await db
      .update(jobs)
      .set({ lockedBy: "thief", attempts: sql`${jobs.attempts} + 1`, lockedUntil: sql`now() + interval '1 hour'` })
      .where(eq(jobs.kind, "lease.taken"));
    await vi.waitFor(() => expect(aborted).toBe(true), { timeout: 2_000, interval: 20 });
    await sleep(200);
    expect(await rowOf("lease.taken")).toMatchObject({ status: "running", lockedBy: "thief", attempts: 2 });
    expect(lines.some((line) => line.includes("lost its lease"))).toBe(true);
  });

  it("renews the leases of a batch's jobs while they wait and run", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    registerBatchJobHandler(
      "lease.batch",
      (claimed, { db: batchDb }) =>
        claimed.map(async () => {
          await held;
          await completeHeldJobs(batchDb, claimed);
        }),
      { leaseMs: 300, slots: 2 },
    );
    await enqueueJob(db, { kind: "lease.batch" });
    await enqueueJob(db, { kind: "lease.batch" });
    // Started after the kind is registered, so that it gives the kind a lane of its own.
    start({ workerId: "batcher" });
    await vi.waitFor(async () => expect((await db.select().from(jobs).where(eq(jobs.lockedBy, "batcher"))).length).toBe(2), { timeout: 5_000, interval: 20 });
    await sleep(900);
    expect(await claimJobs(db, "thief", { limit: 2, leaseMs: 300, kind: "lease.batch" })).toEqual([]);
    release();
    await vi.waitFor(
      async () => expect((await db.select().from(jobs).where(eq(jobs.kind, "lease.batch"))).map((row) => row.status)).toEqual(["done", "done"]),
      {
        timeout: 5_000,
        interval: 50,
      },
    );
  });

  it("writes the outcome of a run again after a failed write, rather than running the job a second time", async () => {
    let runs = 0;
    let ranAt = 0;
    registerJobHandler("lease.blip", async () => {
      runs++;
      ranAt = Date.now();
    });
    // A blip of 300 ms right as the run ends: the statement that records its outcome fails.
    const blipped = new Proxy(db, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (property === "update" && ranAt && Date.now() - ranAt < 300) {
          return () => {
            throw new Error("connection closed");
          };
        }
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    await enqueueJob(db, { kind: "lease.blip" });
    start({ db: blipped, workerId: "blipped" });
    await vi.waitFor(async () => expect(await rowOf("lease.blip")).toMatchObject({ status: "done", attempts: 1 }), { timeout: 5_000, interval: 50 });
    expect(runs).toBe(1);
  });
});
