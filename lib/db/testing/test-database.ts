import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import postgres from "postgres";
import { openDatabase, type Database } from "@/lib/db/client";
import { migrateDatabase } from "@/lib/migrations/migrate";

/** Which database the db test suites run on: set per vitest project (see vitest.config.ts). */
export function testDriver(): "pglite" | "postgres" {
  return process.env.TEST_DB === "postgres" ? "postgres" : "pglite";
}

export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/**
 * A fresh, migrated database for one test suite: an in-memory PGlite, or a new database on the real
 * Postgres that is dropped again on close.
 */
export async function createTestDatabase(options: { maxConnections?: number; driver?: "pglite" | "postgres" } = {}): Promise<Database> {
  // Vitest's run starts from one migrated database (lib/db/testing/template-databases.ts); migrating
  // again finds nothing to do, and makes a database from elsewhere (Playwright's servers) whole.
  if ((options.driver ?? testDriver()) === "pglite") {
    const template = process.env.TEST_PGLITE_TEMPLATE;
    const database = openDatabase({ pgliteDir: "memory://", loadDataDir: template ? new Blob([readFileSync(template)]) : undefined });
    await migrateDatabase(database);
    return database;
  }
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(TEST_POSTGRES_URL, { max: 1, onnotice: () => {} });
  const template = process.env.TEST_POSTGRES_TEMPLATE;
  await admin.unsafe(template ? `create database "${name}" template "${template}"` : `create database "${name}"`);
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  const database = openDatabase({ url: url.toString(), maxConnections: options.maxConnections ?? 20 });
  await migrateDatabase(database);
  return {
    ...database,
    async close() {
      await database.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}
