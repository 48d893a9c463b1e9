import { Placeholder, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "@/lib/db/client";
import { jobs } from "@/lib/db/schema";
import { executeRows } from "@/lib/db/rows";
import { createTestDatabase, testDriver } from "@/lib/db/test-database";
import { claimJobs, preparedClaim, type ClaimOptions } from "./queue";

const BULK = "bulk.deliver";
const BACKLOG = 20_000;

class RolledBack extends Error {}

/**
 * A lane claims a few jobs at a time while thousands of another kind may be waiting (a burst of
 * webhook deliveries). A claim that reads every due job grows with that backlog: with 20,000 waiting
 * it cost 11 ms of Postgres time per claim of 16, and the claim of the other kinds 4 ms (README,
 * Performance). Here each claim must read a few pages, not the backlog's hundreds.
 */
describe(`claiming jobs behind a backlog (${testDriver()})`, () => {
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

  /**
   * The pages Postgres read to choose the jobs to claim, in a transaction that is then rolled back.
   * The app's postgres.js client prepares its statements, and after a few runs Postgres may plan one
   * for any parameters (a generic plan), so the claim is explained both ways.
   */
  async function pagesRead(options: ClaimOptions, planMode: "force_custom_plan" | "force_generic_plan"): Promise<number> {
    const { query, values } = preparedClaim(db, "explain-worker", options);
    const { sql: text, params } = query.getQuery();
    const literal = (value: unknown) => (typeof value === "number" ? String(value) : `'${String(value)}'`);
    // A placeholder's value comes from the call; the statement's own constants are in params as they are.
    const valueOf = (param: unknown) => (param instanceof Placeholder ? (values as Record<string, unknown>)[param.name] : param);
    let plan = "";
    await db
      .transaction(async (tx) => {
        await tx.execute(sql.raw(`set local plan_cache_mode = ${planMode}`));
        await tx.execute(sql.raw(`prepare claim_probe as ${text}`));
        const rows = await executeRows<{ "QUERY PLAN": string }>(tx, sql.raw(`explain (analyze, buffers) execute claim_probe(${params.map((param) => literal(valueOf(param))).join(", ")})`));
        plan = rows.map((row) => row["QUERY PLAN"]).join("\n");
        await tx.execute(sql.raw("deallocate claim_probe"));
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
    // The selection of the due jobs, not the update's own writes to the rows and indexes it claimed.
    const selection = /Subquery Scan on "ANY_subquery".*\n\s*Buffers: shared((?: \w+=\d+)+)/.exec(plan);
    expect(selection, plan).not.toBeNull();
    return [...selection![1].matchAll(/=(\d+)/g)].reduce((sum, [, n]) => sum + Number(n), 0);
  }

  for (const planMode of ["force_custom_plan", "force_generic_plan"] as const) {
    it(`a lane's claim of its kind reads a few pages, not the whole backlog (${planMode})`, async () => {
      expect(await pagesRead({ kind: BULK, limit: 16, leaseMs: 60_000 }, planMode)).toBeLessThan(100);
    });

    it(`the claim of all other kinds reads a few pages, not the excepted kind's backlog (${planMode})`, async () => {
      expect(await pagesRead({ exceptKinds: [BULK], limit: 4, leaseMs: 60_000 }, planMode)).toBeLessThan(100);
    });
  }

  it("takes the jobs whose lease ran out first, then the due ones oldest first, only of the kinds asked for", async () => {
    const others = await claimJobs(db, "w-other", { exceptKinds: [BULK, "other.none"], limit: 10, leaseMs: 60_000 });
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
