import { Placeholder, sql } from "drizzle-orm";
import type { Db } from "./client";
import { executeRows } from "./rows";
import { quoteText } from "./sql-literal";

export type PlanMode = "force_custom_plan" | "force_generic_plan";

class RolledBack extends Error {}

/** An element of a Postgres array literal, quoted, with its quotes and backslashes escaped. */
const arrayElement = (value: unknown) => `"${String(value).replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;

/** A parameter's value as the SQL literal EXECUTE takes: numbers bare, the rest quoted text. */
function literal(value: unknown): string {
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (value === null || value === undefined) return "null";
  const text =
    value instanceof Date
      ? value.toISOString()
      : Array.isArray(value)
        ? `{${value.map(arrayElement).join(",")}}`
        : typeof value === "object"
          ? JSON.stringify(value)
          : String(value);
  return quoteText(text);
}

/**
 * For tests of a hot statement's plan: runs it under EXPLAIN (ANALYZE, BUFFERS) in a transaction that
 * is then rolled back, and returns the plan's text. The app's postgres.js client prepares every
 * statement, and after a few runs Postgres may plan one for any parameters (a generic plan), which
 * cannot use a partial index whose predicate the statement only meets through a parameter. So the
 * statement is prepared here too, and run with the plan mode asked for.
 */
export async function explainAnalyzed(
  db: Db,
  statement: { sql: string; params: unknown[] },
  values: Record<string, unknown>,
  planMode: PlanMode,
): Promise<string> {
  // A placeholder's value comes from the call; the statement's own constants are in params as they are.
  const valueOf = (param: unknown) => (param instanceof Placeholder ? values[param.name] : param);
  const parameters = statement.params.map((param) => literal(valueOf(param)));
  let plan = "";
  await db
    .transaction(async (tx) => {
      await tx.execute(sql.raw(`set local plan_cache_mode = ${planMode}`));
      await tx.execute(sql.raw(`prepare explained as ${statement.sql}`));
      const execute = parameters.length > 0 ? `execute explained(${parameters.join(", ")})` : "execute explained";
      const rows = await executeRows<{ "QUERY PLAN": string }>(tx, sql.raw(`explain (analyze, buffers) ${execute}`));
      plan = rows.map((row) => row["QUERY PLAN"]).join("\n");
      await tx.execute(sql.raw("deallocate explained"));
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return plan;
}

/** The pages (shared buffers hit, read, dirtied, written) of the first plan node whose line matches. */
export function pagesOfNode(plan: string, node: RegExp): number | null {
  const lines = plan.split("\n");
  const at = lines.findIndex((line) => node.test(line));
  if (at < 0) return null;
  for (const line of lines.slice(at + 1)) {
    if (/->/.test(line)) break;
    const buffers = /Buffers: shared((?: \w+=\d+)+)/.exec(line);
    if (buffers) return [...buffers[1].matchAll(/=(\d+)/g)].reduce((sum, [, n]) => sum + Number(n), 0);
  }
  return 0;
}
