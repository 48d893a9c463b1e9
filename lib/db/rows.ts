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

/** The driver client a drizzle handle runs on: postgres.js' (`unsafe`) or PGlite's (`query`), as lib/db/client.ts wraps them. */
type DriverClient =
  { unsafe(text: string, params: unknown[]): PromiseLike<unknown[]> } | { query(text: string, params: unknown[]): Promise<{ rows: unknown[] }> };

/**
 * A fixed hand-written statement (parameters as $1, $2, ...) run on the handle's own connection or
 * transaction, straight through the driver client that lib/db/client.ts wraps (prepared, traced, and
 * refused past the request's deadline). No drizzle SQL object is built and compiled per call, and none
 * of drizzle's promise layers run between: on the catalog's page both were a measurable part of a call
 * (docs/performance.md, issue 43). Columns come as executeRows gives them.
 */
export async function queryRows<T>(db: DbOrTx, text: string, params: unknown[]): Promise<T[]> {
  const client = (db as unknown as { session: { client: DriverClient } }).session.client;
  if ("unsafe" in client) return (await client.unsafe(text, params)) as T[];
  return (await client.query(text, params)).rows as T[];
}
