import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "@/lib/db/client";
import { idempotencyKeys, jobs } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { scheduleRecurringJobs } from "@/lib/jobs/recurring";
import { runDueJobsOnce } from "@/lib/jobs/worker";
import "./prune-idempotency-keys-job";
import { pruneIdempotencyKeys } from "./prune-idempotency-keys-job";

describe(`orders.prune-idempotency-keys (${testDriver()})`, () => {
  let database: Database;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
  });
  afterAll(async () => {
    await database.close();
  });

  it("deletes keys past their 24 hours, keeps the younger ones, and comes back each hour", async () => {
    const hoursAgo = (hours: number) => sql`now() - ${hours}::int * interval '1 hour'`;
    await db.insert(idempotencyKeys).values([
      { userId: "usr_a", key: "expired", requestHash: "h", orderId: "ord_1", createdAt: hoursAgo(25) },
      { userId: "usr_a", key: "current", requestHash: "h", orderId: "ord_2", createdAt: hoursAgo(23) },
      { userId: "usr_b", key: "expired", requestHash: "h", orderId: "ord_3", createdAt: hoursAgo(48) },
    ]);
    await scheduleRecurringJobs(db);
    expect(await runDueJobsOnce(db, "w1")).toBe(1);

    const left = await db.select({ userId: idempotencyKeys.userId, key: idempotencyKeys.key }).from(idempotencyKeys);
    expect(left).toEqual([{ userId: "usr_a", key: "current" }]);
    expect(await pruneIdempotencyKeys(db)).toBe(0);

    const [job] = await db
      .select({ status: jobs.status, inSeconds: sql<number>`extract(epoch from ${jobs.runAt} - now())`.mapWith(Number) })
      .from(jobs)
      .where(eq(jobs.kind, "orders.prune-idempotency-keys"));
    expect(job.status).toBe("pending");
    expect(job.inSeconds).toBeCloseTo(3600, -1);
  });
});
