import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "@/lib/db/client";
import { jobs } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { jobBacklog } from "./backlog";

const ago = (seconds: number) => sql`now() - ${seconds}::int * interval '1 second'`;

describe(`jobBacklog (${testDriver()})`, () => {
  let database: Database;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
  });
  afterAll(async () => {
    await database.close();
  });

  it("is empty on a queue with nothing to do", async () => {
    expect(await jobBacklog(db)).toEqual([]);
  });

  it("counts due and running jobs by kind with the wait of the oldest due one, not scheduled or finished ones", async () => {
    await db.insert(jobs).values([
      { kind: "webhook.deliver", runAt: ago(120) },
      { kind: "webhook.deliver", runAt: ago(30) },
      { kind: "webhook.deliver", status: "running", runAt: ago(600), lockedBy: "w1", lockedUntil: sql`now() + interval '10 seconds'` },
      { kind: "order.fulfil", status: "running", runAt: ago(5), lockedBy: "w1", lockedUntil: sql`now() + interval '10 seconds'` },
      // A recurring job waiting for its next time, and finished work: no backlog.
      { kind: "jobs.prune", runAt: sql`now() + interval '1 hour'` },
      { kind: "payments.expire", status: "done", runAt: ago(900), finishedAt: ago(800) },
      { kind: "payments.expire", status: "failed", runAt: ago(900), finishedAt: ago(800) },
    ]);
    const backlog = await jobBacklog(db);
    expect(backlog).toEqual([
      { kind: "order.fulfil", due: 0, running: 1, oldestDueSeconds: null },
      { kind: "webhook.deliver", due: 2, running: 1, oldestDueSeconds: expect.any(Number) },
    ]);
    expect(backlog[1].oldestDueSeconds).toBeGreaterThanOrEqual(120);
    expect(backlog[1].oldestDueSeconds).toBeLessThan(180);
  });
});
