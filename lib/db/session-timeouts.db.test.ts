import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "./client";
import { executeRows } from "./rows";
import { createTestDatabase, testDriver } from "./testing/test-database";

/*
 * The app's sessions end a statement stuck on a lock and a transaction its client left open, so that
 * neither holds a pool connection for good (DB_STATEMENT_TIMEOUT, DB_IDLE_IN_TRANSACTION_TIMEOUT).
 */
describe.runIf(testDriver() === "postgres")("the timeouts of the app's Postgres sessions", () => {
  let database: Database;
  let pool: Database;

  beforeAll(async () => {
    database = await createTestDatabase({ maxConnections: 1 });
    pool = openDatabase({ url: database.url, maxConnections: 1, statementTimeoutMs: 300, idleInTransactionTimeoutMs: 300 });
  });
  afterAll(async () => {
    await pool.close();
    await database.close();
  });

  it("cancels a statement that runs past statement_timeout, and the connection answers the next one", async () => {
    await expect(pool.db.execute(sql`select pg_sleep(2)`)).rejects.toMatchObject({ cause: { code: "57014" } });
    expect(await executeRows(pool.db, sql`select 1::int as n`)).toEqual([{ n: 1 }]);
  });

  it("ends a transaction left idle past idle_in_transaction_session_timeout", async () => {
    const left = pool.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await tx.execute(sql`select 2`);
    });
    await expect(left).rejects.toThrow();
    expect(await executeRows(pool.db, sql`select 3::int as n`)).toEqual([{ n: 3 }]);
  });
});
