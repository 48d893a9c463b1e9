import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { migrateDatabase } from "./migrate";
import { executeRows } from "@/lib/db/rows";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";

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
    const rows = await executeRows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const names = rows.map((r) => r.table_name);
    expect(names).toEqual(expect.arrayContaining(["api_keys", "jobs", "ledger_entries", "tariffs", "users"]));
  });
});
