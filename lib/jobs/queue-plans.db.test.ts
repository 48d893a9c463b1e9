import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "@/lib/db/client";
import { jobs } from "@/lib/db/schema";
import { explainAnalyzed, pagesOfNode, type PlanMode } from "@/lib/db/explain-pages";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { claimJobs, preparedClaim, runJobNowStatement, type ClaimOptions } from "./queue";

const BULK = "bulk.deliver";
const BACKLOG = 20_000;

/**
 * A lane claims a few jobs at a time while thousands of another kind may be waiting (a burst of
 * webhook deliveries). A claim that reads every due job grows with that backlog: with 20,000 waiting
 * it cost 11 ms of Postgres time per claim of 16, and the claim of the other kinds 4 ms (docs/performance.md,
 * the eighth pass). Here each claim must read a few pages, not the backlog's hundreds.
 */
describe(`the job queue's statements behind a backlog (${testDriver()})`, () => {
  let database: Database;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await db.execute(sql`
      insert into ${jobs} (kind, payload, run_at)
      select ${BULK}, jsonb_build_object('n', n), now() - interval '1 hour' + n * interval '1 millisecond' from generate_series(1, ${BACKLOG}) as n`);
    await db.execute(sql`
      insert into ${jobs} (kind, payload, run_at) values
        ('other.b', '{"n": 2}', now() - interval '2 minutes'),
        ('other.a', '{"n": 3}', now() - interval '1 minute'),
        ('other.a', '{"n": 4}', now() + interval '1 hour')`);
    // A recurring job, due in an hour.
    await db.execute(sql`insert into ${jobs} (kind, dedupe_key, run_at) values ('other.recurring', 'other:recurring', now() + interval '1 hour')`);
    // One job of each kind whose worker died holding it: its lease ran out.
    await db.execute(sql`
      insert into ${jobs} (kind, payload, status, run_at, attempts, locked_by, locked_until) values
        ('other.a', '{"n": 1}', 'running', now() - interval '3 hours', 1, 'dead-worker', now() - interval '1 minute'),
        (${BULK}, '{"n": 0}', 'running', now() - interval '3 hours', 1, 'dead-worker', now() - interval '1 minute')`);
    await db.execute(sql`analyze ${jobs}`);
  }, 120_000);
  afterAll(async () => {
    await database.close();
  });

  /** The pages Postgres read to choose the jobs to claim, not the update's own writes to the rows it claimed. */
  async function pagesRead(options: ClaimOptions, planMode: PlanMode): Promise<number> {
    const { query, values } = preparedClaim(db, "explain-worker", options);
    const plan = await explainAnalyzed(db, query.getQuery(), values, planMode);
    const pages = pagesOfNode(plan, /Subquery Scan on "ANY_subquery"/);
    expect(pages, plan).not.toBeNull();
    return pages!;
  }

  for (const planMode of ["force_custom_plan", "force_generic_plan"] satisfies PlanMode[]) {
    it(`a lane's claim of its kind reads a few pages, not the whole backlog (${planMode})`, async () => {
      expect(await pagesRead({ kind: BULK, limit: 16, leaseMs: 60_000 }, planMode)).toBeLessThan(100);
    });

    it(`the claim of all other kinds reads a few pages, not the excepted kind's backlog (${planMode})`, async () => {
      expect(await pagesRead({ exceptKinds: [BULK], limit: 4, leaseMs: 60_000 }, planMode)).toBeLessThan(100);
    });

    it(`making a recurring job due now reads a few pages (${planMode})`, async () => {
      const plan = await explainAnalyzed(db, runJobNowStatement(db, "other:recurring").toSQL(), {}, planMode);
      // It finds the job (the scan under the update gives one row), and reads little to do so.
      expect(plan, plan).toMatch(/Scan .*actual .*rows=1(\.00)? loops=1/);
      const pages = pagesOfNode(plan, /Update on jobs/);
      expect(pages, plan).toBeLessThan(50);
    });
  }

  it("takes the jobs whose lease ran out first, then the due ones oldest first, only of the kinds asked for", async () => {
    // An excepted kind with a quote in its name: the kinds are constants in the statement, quoted.
    const others = await claimJobs(db, "w-other", { exceptKinds: [BULK, "other.none", "other.o'quote"], limit: 10, leaseMs: 60_000 });
    expect(others.map((job) => job.payload.n).sort()).toEqual([1, 2, 3]);
    expect(others.every((job) => job.lockedBy === "w-other" && job.status === "running")).toBe(true);
    expect(others.find((job) => job.payload.n === 1)?.attempts).toBe(2);

    const bulk = await claimJobs(db, "w-bulk", { kind: BULK, limit: 4, leaseMs: 60_000 });
    expect(bulk.map((job) => job.payload.n).sort((a, b) => Number(a) - Number(b))).toEqual([0, 1, 2, 3]);
    const next = await claimJobs(db, "w-bulk", { kind: BULK, limit: 3, leaseMs: 60_000 });
    expect(next.map((job) => job.payload.n).sort((a, b) => Number(a) - Number(b))).toEqual([4, 5, 6]);
    expect(await claimJobs(db, "w-other", { exceptKinds: [BULK], limit: 10, leaseMs: 60_000 })).toEqual([]);
  });
});
