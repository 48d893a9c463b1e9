import { eq, sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/lib/db/client";
import { jobs } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { enqueueJob } from "./queue";
import { registerJobHandler } from "./registry";
import { startWorker } from "./worker";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const APPLICATION = "worker-stop";

/*
 * A worker that had lived through database blips logged "finishing the jobs in flight" on SIGTERM,
 * had no job running, and was still alive 38 s later: stop() waited for whatever it was waiting on
 * for good. A stop ends within its deadline whatever the state; what did not finish is left to its
 * lease.
 */
describe(`stopping a worker (${testDriver()})`, () => {
  let database: Database;
  let pool: Database;
  let admin: postgres.Sql | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    if (testDriver() === "postgres") {
      const url = new URL(database.url!);
      url.searchParams.set("application_name", APPLICATION);
      pool = openDatabase({ url: url.toString(), maxConnections: 4 });
      admin = postgres(database.url!, { max: 1, onnotice: () => {} });
    } else {
      pool = database;
    }
  });
  afterAll(async () => {
    await admin?.end();
    if (pool !== database) await pool.close();
    await database.close();
  });

  it("ends within its deadline after blips, with a job that never ends, and leaves that job to its lease", async () => {
    registerJobHandler("stop.stuck", () => new Promise(() => {}));
    let quick = 0;
    registerJobHandler("stop.quick", async (_job, { db }) => {
      await db.execute(sql`select 1`);
      quick++;
    });
    await enqueueJob(database.db, { kind: "stop.stuck" });
    const worker = startWorker({ db: pool.db, pollIntervalMs: 20, log: () => {} });
    for (let i = 0; i < 6; i++) {
      await enqueueJob(database.db, { kind: "stop.quick" });
      await sleep(100);
      if (admin) await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = ${APPLICATION}`;
    }
    await sleep(500);
    const started = Date.now();
    await worker.stop(1_000);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(quick).toBeGreaterThan(0);
    const [stuck] = await database.db.select().from(jobs).where(eq(jobs.kind, "stop.stuck"));
    expect(stuck).toMatchObject({ status: "running", attempts: 1 });
  });
});
