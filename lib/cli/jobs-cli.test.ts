import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compiledCommandLine } from "@/lib/cli/testing/compiled-command-line";
import { openDatabase, pgliteDirOf } from "@/lib/db/client";
import { jobs } from "@/lib/db/schema";

let commandLine: string;
beforeAll(async () => {
  commandLine = await compiledCommandLine();
});

const dataDir = mkdtempSync(path.join(os.tmpdir(), "cli-jobs-test-"));

function cli(...args: string[]) {
  const result = spawnSync(process.execPath, [commandLine, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout.trim(), stderr: result.stderr.trim() };
}

/** The embedded database between two commands, as the server would have written it. */
async function withDatabase<T>(work: (db: ReturnType<typeof openDatabase>["db"]) => Promise<T>): Promise<T> {
  const database = openDatabase({ pgliteDir: pgliteDirOf(dataDir) });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

describe("the job queue on the command line (embedded database)", { timeout: 60_000 }, () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  let failedId = 0;
  let otherFailedId = 0;

  it("lists an empty backlog, then the due and running jobs by kind", async () => {
    const empty = cli("jobs:list");
    expect(empty.status, empty.stderr).toBe(0);
    expect(JSON.parse(empty.stdout)).toEqual([]);

    [failedId, otherFailedId] = await withDatabase(async (db) => {
      await db.insert(jobs).values([
        { kind: "webhook.deliver", runAt: sql`now() - interval '90 seconds'` },
        { kind: "webhook.deliver", status: "running", lockedBy: "w1", lockedUntil: sql`now() + interval '1 minute'` },
      ]);
      const failed = await db
        .insert(jobs)
        .values([
          { kind: "payments.expire", status: "failed", attempts: 5, lastError: "connection reset", finishedAt: sql`now() - interval '1 minute'` },
          { kind: "order.fulfil", status: "failed", attempts: 5, lastError: "upstream refused", finishedAt: sql`now()` },
        ])
        .returning({ id: jobs.id });
      return failed.map((row) => row.id);
    });
    const listed = JSON.parse(cli("jobs:list").stdout);
    expect(listed).toEqual([{ kind: "webhook.deliver", due: 1, running: 1, oldest_due_seconds: expect.any(Number) }]);
    expect(listed[0].oldest_due_seconds).toBeGreaterThanOrEqual(90);
  });

  it("lists the failed jobs with their errors, newest first", () => {
    const result = cli("jobs:list", "--failed");
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([
      { id: otherFailedId, kind: "order.fulfil", attempts: 5, error: "upstream refused", failed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
      { id: failedId, kind: "payments.expire", attempts: 5, error: "connection reset", failed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
    ]);
  });

  it("retries a failed job, which is then due with fresh attempts, and says so when it is no longer failed", async () => {
    const result = cli("jobs:retry", String(failedId));
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ retried: { id: failedId, kind: "payments.expire" } });
    const [job] = await withDatabase((db) => db.select().from(jobs).where(eq(jobs.id, failedId)));
    expect(job).toMatchObject({ status: "pending", attempts: 0 });

    const again = cli("jobs:retry", String(failedId));
    expect(again.status).toBe(1);
    expect(again.stderr).toBe(`error: No failed job ${failedId}: it was retried or discarded already, or never failed.`);
  });

  it("discards a failed job for good", async () => {
    const result = cli("jobs:discard", String(otherFailedId));
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ discarded: { id: otherFailedId, kind: "order.fulfil" } });
    expect(await withDatabase((db) => db.select().from(jobs).where(eq(jobs.id, otherFailedId)))).toEqual([]);
    expect(JSON.parse(cli("jobs:list", "--failed").stdout)).toEqual([]);
  });

  it("refuses a missing or malformed id with how to write it", () => {
    expect(cli("jobs:retry")).toMatchObject({ status: 1, stderr: "error: jobs:retry needs the job's id, as jobs:list --failed shows it: jobs:retry 42" });
    expect(cli("jobs:discard", "abc")).toMatchObject({ status: 1, stderr: 'error: jobs:discard: a job\'s id is a whole number such as 42, not "abc"' });
  });
});
