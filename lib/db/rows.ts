import type { SQL } from "drizzle-orm";
import type { DbOrTx } from "./client";

/**
 * Runs a hand-written statement and returns its rows, which postgres.js hands back as an array and
 * PGlite as { rows }. Columns come as the driver gives them (bigint as text), not mapped by drizzle.
 */
export async function executeRows<T>(db: DbOrTx, statement: SQL): Promise<T[]> {
  const result: unknown = await db.execute(statement);
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}
