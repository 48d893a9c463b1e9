import { sql } from "drizzle-orm";
import postgres from "postgres";
import { setFlagsFromString, getHeapSpaceStatistics } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./client";
import { createTestDatabase, testDriver } from "./testing/test-database";

/*
 * postgres.js as installed is patched (patches/postgres+3.4.9.patch): its queries settled through arrow
 * functions made in their constructor, and with those V8 carried every finished query, with its result
 * and rows, through each young-generation collection into the old generation. Under the catalog's load
 * the server promoted 1.1 MB of every 12.5 MB it allocated, and each young collection took 3.1 ms;
 * patched, 30 KB and 0.9 ms.
 * These tests force young collections between batches of queries and weigh what each one promotes.
 */

setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as (options?: { type: "minor" | "major" }) => void;
const oldSpaceUsed = () => getHeapSpaceStatistics().find((space) => space.space_name === "old_space")!.space_used_size;

/**
 * Bytes a young collection promotes per query: the median over 20 batches of 100 queries run one at a
 * time. The median, because a batch now and then promotes something of its own (a buffer grown, code
 * compiled): one such batch made the mean of a CI run 162 bytes, while a finished query kept alive
 * shows in every batch (about 1,100 bytes a query).
 */
async function promotedPerQuery(run: (i: number) => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 200; i++) await run(i);
  collect();
  const promoted: number[] = [];
  for (let batch = 0; batch < 20; batch++) {
    for (let i = 0; i < 100; i++) await run(i);
    const before = oldSpaceUsed();
    collect({ type: "minor" });
    promoted.push(oldSpaceUsed() - before);
  }
  promoted.sort((a, b) => a - b);
  return (promoted[9] + promoted[10]) / 2 / 100;
}

describe.runIf(testDriver() === "postgres")("finished queries on Postgres", () => {
  let database: Database;
  let client: postgres.Sql;
  beforeAll(async () => {
    database = await createTestDatabase({ maxConnections: 2 });
    client = postgres(database.url!, { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await client.end();
    await database.close();
  });

  it("are not kept alive by young collections when made in a promise callback", async () => {
    // The shape that showed it plainest, with nothing but postgres.js: each query made in a promise
    // callback. Unpatched, this and drizzle's path promoted about 1,100 bytes a query; patched, about 15.
    const perQuery = await promotedPerQuery((i) => Promise.resolve().then(() => client`select ${i}::int as n, ${"x"} as s`));
    expect(perQuery).toBeLessThan(100);
  });

  it("are not kept alive by young collections when run through drizzle", async () => {
    const perQuery = await promotedPerQuery((i) => database.db.execute(sql`select ${i}::int as n, ${"x"} as s`));
    expect(perQuery).toBeLessThan(100);
  });

  it("once settled, can be cancelled without cancelling the connection's next query", async () => {
    // The patch keeps postgres.js' own rule: a settled query is no longer active, so its cancel() does
    // not send a cancel request for whatever its connection runs next.
    const finished = client`select 1 as n`;
    await finished;
    const failed = client`select 1/0`;
    await expect(failed).rejects.toThrow(/division by zero/);
    const next = client`select pg_sleep(0.5), 2 as n`;
    await new Promise((resolve) => setTimeout(resolve, 100));
    await Promise.all([finished.cancel(), failed.cancel()]);
    expect((await next)[0].n).toBe(2);
  });
});
