import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "@/lib/db/client";
import { jobs } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import "./prune-jobs";
import { scheduleRecurringJobs } from "./recurring";
import { runDueJobsOnce } from "./worker";

describe(`jobs.prune (${testDriver()})`, () => {
  let database: Database;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
  });
  afterAll(async () => {
    await database.close();
  });

  it("deletes done jobs older than a week, keeps the rest, and comes back in an hour", async () => {
    const finishedDaysAgo = (days: number) => sql`now() - ${days}::int * interval '1 day'`;
    await db.insert(jobs).values([
      { kind: "old", status: "done", finishedAt: finishedDaysAgo(8) },
      { kind: "recent", status: "done", finishedAt: finishedDaysAgo(6) },
      { kind: "old-failure", status: "failed", finishedAt: finishedDaysAgo(30) },
    ]);
    await scheduleRecurringJobs(db);
    await scheduleRecurringJobs(db);

    expect(await runDueJobsOnce(db, "w1")).toBe(1);

    const rows = await db
      .select({
        kind: jobs.kind,
        status: jobs.status,
        attempts: jobs.attempts,
        inSeconds: sql<number>`extract(epoch from ${jobs.runAt} - now())`.mapWith(Number),
      })
      .from(jobs)
      .orderBy(jobs.id);
    expect(rows.map((r) => r.kind)).toEqual(["recent", "old-failure", "jobs.prune"]);
    const prune = rows.find((r) => r.kind === "jobs.prune")!;
    expect(prune).toMatchObject({ status: "pending", attempts: 0 });
    expect(prune.inSeconds).toBeCloseTo(3600, 0);
    expect(await db.select().from(jobs).where(eq(jobs.status, "running"))).toEqual([]);
  });
});
