import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { executeRows } from "@/lib/db/rows";

const JOURNAL = path.resolve(process.cwd(), "drizzle", "meta", "_journal.json");

export interface MigrationState {
  /** The migrations of this build, oldest first, and whether this database has applied each. */
  migrations: { tag: string; applied: boolean }[];
  /** Those of this build the database has not applied: a start that has not finished migrating. */
  pending: string[];
}

/** A database no migrator has touched yet has no table of migrations (SQLSTATE 42P01). */
function isUndefinedTable(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  return (error as { code?: unknown }).code === "42P01" || cause?.code === "42P01";
}

/** The migrations this build ships, from drizzle-kit's journal: tag and the time the migrator records for it. */
function shippedMigrations(journalPath: string): { tag: string; when: number }[] {
  return (JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string; when: number }[] }).entries;
}

/**
 * Which of this build's migrations the database has applied. Drizzle's migrator records each by the
 * time in the journal and applies those newer than the newest it recorded, so those are what is pending.
 */
export async function migrationState(db: DbOrTx): Promise<MigrationState> {
  const shipped = shippedMigrations(JOURNAL);
  const applied = await executeRows<{ newest: string | number | null }>(db, sql`select max(created_at) as newest from drizzle.__drizzle_migrations`).catch(
    (error: unknown) => {
      if (isUndefinedTable(error)) return [];
      throw error;
    },
  );
  const newest = Number(applied[0]?.newest ?? 0);
  const migrations = shipped.map((entry) => ({ tag: entry.tag, applied: entry.when <= newest }));
  return { migrations, pending: migrations.filter((migration) => !migration.applied).map((migration) => migration.tag) };
}
