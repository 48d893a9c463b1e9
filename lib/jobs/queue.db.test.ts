import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "@/lib/db/client";
import { jobs, type Job } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { claimJobs, completeJob, enqueueJob, extendLease, failJob, rescheduleJob } from "./queue";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`job queue (${testDriver()})`, () => {
  let database: Database;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
  });
  afterAll(async () => {
    await database.close();
  });

  // Each test uses its own kinds and claims only those, so the tests share one database.
  const rowsOf = (kind: string) => db.select().from(jobs).where(eq(jobs.kind, kind)).orderBy(jobs.id);
  const claim = (workerId: string, kind: string, leaseMs = 5_000) => claimJobs(db, workerId, { limit: 10, leaseMs, kind });
  const claimOne = async (workerId: string, kind: string, leaseMs?: number): Promise<Job> => {
    const claimed = await claim(workerId, kind, leaseMs);
    expect(claimed).toHaveLength(1);
    return claimed[0];
  };
  /** Measured on the database clock, which is the one run_at is compared with. */
  const secondsUntilRun = async (id: number) => {
    const [row] = await db
      .select({ seconds: sql<number>`extract(epoch from ${jobs.runAt} - now())`.mapWith(Number) })
      .from(jobs)
      .where(eq(jobs.id, id));
    return row.seconds;
  };
  const makeDue = (id: number) =>
    db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.id, id));

  it("enqueues, claims and completes a job", async () => {
    await enqueueJob(db, { kind: "q.basic", payload: { orderId: "o1" } });
    const job = await claimOne("w1", "q.basic");
    expect(job).toMatchObject({ kind: "q.basic", payload: { orderId: "o1" }, status: "running", lockedBy: "w1", attempts: 1, maxAttempts: 5 });
    expect(job.lockedUntil).toBeInstanceOf(Date);
    expect(job.lockedUntil!.getTime()).toBeGreaterThan(job.runAt.getTime());
    expect(await claim("w2", "q.basic")).toEqual([]);

    expect(await completeJob(db, job, "w1")).toBe(true);
    const [row] = await rowsOf("q.basic");
    expect(row).toMatchObject({ status: "done", lockedBy: "w1", lockedUntil: null, lastError: null });
    expect(row.finishedAt).toBeInstanceOf(Date);
    expect(await claim("w2", "q.basic")).toEqual([]);
  });

  it("claims in run_at order, up to the limit, and only the kinds asked for", async () => {
    const base = Date.now() - 60_000;
    for (const n of [3, 1, 2]) await enqueueJob(db, { kind: "q.order", payload: { n }, runAt: new Date(base + n * 1000) });
    await enqueueJob(db, { kind: "q.other" });
    const first = await claimJobs(db, "w1", { limit: 2, leaseMs: 5_000, kind: "q.order" });
    expect(first.map((j) => j.payload.n).sort()).toEqual([1, 2]);
    const rest = await claim("w1", "q.order");
    expect(rest.map((j) => j.payload.n)).toEqual([3]);
    expect(await claim("w1", "q.none")).toEqual([]);
  });

  it("dedupes on the key while a job is unfinished, and allows it again once it is done", async () => {
    const job = { kind: "q.dedupe", dedupeKey: "order:42" };
    await enqueueJob(db, job);
    await enqueueJob(db, { ...job, payload: { second: true } });
    expect(await rowsOf("q.dedupe")).toHaveLength(1);

    const claimed = await claimOne("w1", "q.dedupe");
    await enqueueJob(db, job);
    expect(await rowsOf("q.dedupe")).toHaveLength(1);

    await completeJob(db, claimed, "w1");
    await enqueueJob(db, job);
    expect((await rowsOf("q.dedupe")).map((r) => r.status)).toEqual(["done", "pending"]);
  });

  it("enqueues inside the caller's transaction", async () => {
    await db
      .transaction(async (tx) => {
        await enqueueJob(tx, { kind: "q.outbox", dedupeKey: "outbox" });
        throw new Error("the domain write failed");
      })
      .catch(() => {});
    expect(await rowsOf("q.outbox")).toEqual([]);

    await db.transaction(async (tx) => {
      await enqueueJob(tx, { kind: "q.outbox", dedupeKey: "outbox" });
      await enqueueJob(tx, { kind: "q.outbox", dedupeKey: "outbox" });
    });
    expect(await rowsOf("q.outbox")).toHaveLength(1);
  });

  it("does not claim a job before its runAt", async () => {
    await enqueueJob(db, { kind: "q.later", runAt: new Date(Date.now() + 3_600_000) });
    expect(await claim("w1", "q.later")).toEqual([]);
    const [row] = await rowsOf("q.later");
    await makeDue(row.id);
    expect(await claimOne("w1", "q.later")).toMatchObject({ id: row.id, attempts: 1 });
  });

  it("retries a failed job with exponential back-off, then fails it for good with the last error", async () => {
    await enqueueJob(db, { kind: "q.fail", maxAttempts: 3 });
    for (const attempt of [1, 2]) {
      const job = await claimOne("w1", "q.fail");
      expect(job.attempts).toBe(attempt);
      expect(await failJob(db, job, "w1", new Error(`boom ${attempt}`))).toBe(true);
      const [row] = await rowsOf("q.fail");
      expect(row).toMatchObject({ status: "pending", lockedBy: null, lockedUntil: null, lastError: `boom ${attempt}` });
      expect(await secondsUntilRun(row.id)).toBeCloseTo(2 ** attempt, 0);
      expect(await claim("w1", "q.fail")).toEqual([]);
      await makeDue(row.id);
    }
    const last = await claimOne("w1", "q.fail");
    await failJob(db, last, "w1", "x".repeat(5_000));
    const [row] = await rowsOf("q.fail");
    expect(row).toMatchObject({ status: "failed", attempts: 3, lockedUntil: null });
    expect(row.lastError).toBe("x".repeat(1_000));
    expect(row.finishedAt).toBeInstanceOf(Date);
    await makeDue(row.id);
    expect(await claim("w1", "q.fail")).toEqual([]);
  });

  it("retries after an explicit delay when one is given", async () => {
    await enqueueJob(db, { kind: "q.delay" });
    const job = await claimOne("w1", "q.delay");
    await failJob(db, job, "w1", new Error("not yet"), 0);
    expect(await claimOne("w1", "q.delay")).toMatchObject({ attempts: 2 });
  });

  it("reschedules a job that is not finished yet without counting it as an attempt", async () => {
    await enqueueJob(db, { kind: "q.poll" });
    const job = await claimOne("w1", "q.poll");
    expect(await rescheduleJob(db, job, "w1", 30_000)).toBe(true);
    const [row] = await rowsOf("q.poll");
    expect(row).toMatchObject({ status: "pending", attempts: 0, lockedBy: null, lastError: null });
    expect(await secondsUntilRun(row.id)).toBeCloseTo(30, 0);
  });

  it("lets another worker take over an expired lease, and ignores the first worker's late outcome", async () => {
    await enqueueJob(db, { kind: "q.lease" });
    const byA = await claimOne("A", "q.lease", 200);
    expect(await claim("B", "q.lease")).toEqual([]);
    await sleep(300);
    const byB = await claimOne("B", "q.lease");
    expect(byB).toMatchObject({ id: byA.id, lockedBy: "B", attempts: 2 });

    expect(await completeJob(db, byA, "A")).toBe(false);
    expect(await failJob(db, byA, "A", new Error("late"))).toBe(false);
    expect(await extendLease(db, byA, "A", 60_000)).toBe(false);
    expect((await rowsOf("q.lease"))[0]).toMatchObject({ status: "running", lockedBy: "B", lastError: null });

    expect(await completeJob(db, byB, "B")).toBe(true);
    expect((await rowsOf("q.lease"))[0]).toMatchObject({ status: "done", lockedBy: "B" });
  });

  it("ignores a stale run of the same worker once it has claimed the job again", async () => {
    await enqueueJob(db, { kind: "q.reclaim" });
    const first = await claimOne("A", "q.reclaim", 200);
    await sleep(300);
    const second = await claimOne("A", "q.reclaim");
    expect(await completeJob(db, first, "A")).toBe(false);
    expect(await completeJob(db, second, "A")).toBe(true);
  });

  it("extends a lease so a long job is not taken over", async () => {
    await enqueueJob(db, { kind: "q.extend" });
    const job = await claimOne("A", "q.extend", 200);
    expect(await extendLease(db, job, "A", 60_000)).toBe(true);
    await sleep(300);
    expect(await claim("B", "q.extend")).toEqual([]);
    expect(await completeJob(db, job, "A")).toBe(true);
  });
});
