import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { executeRows } from "@/lib/db/rows";

export interface KindBacklog {
  kind: string;
  /** Pending jobs whose time has come and that no worker has claimed yet. */
  due: number;
  running: number;
  /** How long the oldest due job has waited since its time came; null with none due. */
  oldestDueSeconds: number | null;
}

/**
 * The queue's work by kind: what waits for a worker and what runs. A recurring job waiting for its next
 * time is no backlog, so pending jobs count only once due. A backlog that grows, or an oldest job that
 * keeps ageing, says the workers do not keep up or do not run.
 */
export async function jobBacklog(db: DbOrTx): Promise<KindBacklog[]> {
  const rows = await executeRows<{ kind: string; due: string | number; running: string | number; oldest_due_seconds: string | number | null }>(
    db,
    sql`select kind,
        count(*) filter (where status = 'pending') as due,
        count(*) filter (where status = 'running') as running,
        extract(epoch from now() - min(run_at) filter (where status = 'pending')) as oldest_due_seconds
      from jobs
      where status = 'running' or (status = 'pending' and run_at <= now())
      group by kind
      order by kind`,
  );
  return rows.map((row) => ({
    kind: row.kind,
    due: Number(row.due),
    running: Number(row.running),
    oldestDueSeconds: row.oldest_due_seconds === null ? null : Math.max(0, Math.floor(Number(row.oldest_due_seconds))),
  }));
}
