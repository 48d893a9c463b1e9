import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./client";
import { migrateDatabase } from "./migrate";
import { createTestDatabase, testDriver } from "./test-database";

describe(`migrations (${testDriver()})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("creates every table and can be applied again without changes", async () => {
    await migrateDatabase(database);
    const rows = await database.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const names = (Array.isArray(rows) ? rows : (rows as { rows: { table_name: string }[] }).rows).map((r) => r.table_name);
    expect(names).toEqual(expect.arrayContaining(["api_keys", "jobs", "ledger_entries", "tariffs", "users"]));
  });
});
