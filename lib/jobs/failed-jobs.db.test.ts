import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "@/lib/db/client";
import { jobs } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { countFailedJobs, discardFailedJob, listFailedJobs, retryFailedJob } from "./failed-jobs";
import { registerJobHandler } from "./registry";
import { runDueJobsOnce } from "./worker";

describe(`failed jobs (${testDriver()})`, () => {
  let database: Database;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
  });
  afterAll(async () => {
    await database.close();
  });

  const failedJob = async (kind: string, lastError: string, dedupeKey?: string) => {
    const [job] = await db
      .insert(jobs)
      .values({ kind, status: "failed", attempts: 5, lastError, dedupeKey, finishedAt: sql`now()` })
      .returning();
    return job;
  };

  it("lists the jobs that ran out of attempts, newest first, with their error", async () => {
    expect(await listFailedJobs(db)).toEqual([]);
    const older = await failedJob("test.failing", "upstream said 500");
    await db
      .update(jobs)
      .set({ finishedAt: sql`now() - interval '1 hour'` })
      .where(eq(jobs.id, older.id));
    const newer = await failedJob("test.failing", "connection reset");
    await db.insert(jobs).values({ kind: "test.failing" });
    const listed = await listFailedJobs(db);
    expect(listed.map((job) => [job.id, job.lastError, job.attempts])).toEqual([
      [newer.id, "connection reset", 5],
      [older.id, "upstream said 500", 5],
    ]);
    expect(await countFailedJobs(db)).toBe(2);
  });

  it("retries a failed job now with fresh attempts, and it runs", async () => {
    const ran: number[] = [];
    registerJobHandler("test.retried", async (job) => {
      ran.push(job.id);
    });
    const job = await failedJob("test.retried", "timed out");
    expect(await retryFailedJob(db, job.id)).toEqual({ id: job.id, kind: "test.retried" });
    const [pending] = await db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(pending).toMatchObject({ status: "pending", attempts: 0, finishedAt: null });
    await db.delete(jobs).where(eq(jobs.kind, "test.failing"));
    expect(await runDueJobsOnce(db, "w1", { log: () => {} })).toBe(1);
    expect(ran).toEqual([job.id]);
    expect((await db.select().from(jobs).where(eq(jobs.id, job.id)))[0].status).toBe("done");
  });

  it("refuses to retry a job that is not failed, and one whose work another unfinished job already holds", async () => {
    const [pending] = await db.insert(jobs).values({ kind: "test.other" }).returning();
    await expect(retryFailedJob(db, pending.id)).rejects.toMatchObject({ code: "not_found", message: expect.stringContaining(`No failed job ${pending.id}`) });
    await expect(retryFailedJob(db, 987654)).rejects.toMatchObject({ code: "not_found" });

    await db.insert(jobs).values({ kind: "order.fulfil", dedupeKey: "order.fulfil:ord_1" });
    const duplicate = await failedJob("order.fulfil", "refused", "order.fulfil:ord_1");
    await expect(retryFailedJob(db, duplicate.id)).rejects.toMatchObject({
      message: `Job ${duplicate.id} was not retried: another job for order.fulfil:ord_1 is waiting or running. Discard this one instead.`,
    });
    expect((await db.select().from(jobs).where(eq(jobs.id, duplicate.id)))[0].status).toBe("failed");
  });

  it("discards a failed job for good, and only a failed one", async () => {
    const job = await failedJob("test.discarded", "bad payload");
    expect(await discardFailedJob(db, job.id)).toEqual({ id: job.id, kind: "test.discarded" });
    expect(await db.select().from(jobs).where(eq(jobs.id, job.id))).toEqual([]);
    await expect(discardFailedJob(db, job.id)).rejects.toMatchObject({ code: "not_found" });
    const [pending] = await db.insert(jobs).values({ kind: "test.other" }).returning();
    await expect(discardFailedJob(db, pending.id)).rejects.toMatchObject({ code: "not_found" });
    expect(await db.select().from(jobs).where(eq(jobs.id, pending.id))).toHaveLength(1);
  });
});
