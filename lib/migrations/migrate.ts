import path from "node:path";
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { rehashStockCodes } from "@/lib/catalog/rehash-stock-codes";
import type { Database } from "@/lib/db/client";

export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), "drizzle");
/** Any constant: instances starting together take turns applying migrations. */
const MIGRATION_LOCK = 72_410_001;

/**
 * The SQL migrations, then the upgrades of stored data that SQL cannot make (they need the app's keys):
 * every caller that migrates (server, worker, command line, tests) gets both, in that order.
 */
export async function migrateDatabase(database: Database, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  if (database.driver === "pglite") {
    await migratePglite(database.db as never, { migrationsFolder });
    await rehashStockCodes(database.db);
    return;
  }
  // The migrator runs its own transaction, so the lock is held on one dedicated connection around it.
  const client = postgres(database.url!, { max: 1, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migratePostgres(drizzle(client), { migrationsFolder });
    // Under the same lock, so one instance re-hashes while the others wait and then find nothing left.
    await rehashStockCodes(database.db);
    await client`select pg_advisory_unlock(${MIGRATION_LOCK})`;
  } finally {
    await client.end({ timeout: 5 });
  }
}
