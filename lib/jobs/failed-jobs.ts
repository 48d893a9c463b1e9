import { and, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { jobs } from "@/lib/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { wakeLocalWorkers } from "./local-wake";

export interface FailedJob {
  id: number;
  kind: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  failedAt: Date | null;
}

export const FAILED_JOBS_SHOWN = 100;

/** Jobs that ran out of attempts, newest failure first: they stay until retried or discarded. */
export async function listFailedJobs(db: DbOrTx, limit = FAILED_JOBS_SHOWN): Promise<FailedJob[]> {
  return db
    .select({ id: jobs.id, kind: jobs.kind, attempts: jobs.attempts, lastError: jobs.lastError, createdAt: jobs.createdAt, failedAt: jobs.finishedAt })
    .from(jobs)
    .where(eq(jobs.status, "failed"))
    .orderBy(desc(jobs.finishedAt), desc(jobs.id))
    .limit(limit);
}

export async function countFailedJobs(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(jobs)
    .where(eq(jobs.status, "failed"));
  return row.count;
}

const noFailedJob = (id: number) => new AppError("not_found", `No failed job ${id}: it was retried or discarded already, or never failed.`);

/**
 * Runs a failed job again now, with its attempts counted from zero. A job whose dedupe key another
 * unfinished job holds (the same order's next fulfilment, say) stays failed: running both would do the work twice.
 */
export async function retryFailedJob(db: DbOrTx, id: number): Promise<{ id: number; kind: string }> {
  const [retried] = await db
    .update(jobs)
    .set({ status: "pending", runAt: sql`now()`, attempts: 0, finishedAt: null, lockedBy: null, lockedUntil: null })
    .where(
      and(
        eq(jobs.id, id),
        eq(jobs.status, "failed"),
        sql`(${jobs.dedupeKey} is null or not exists (select 1 from jobs other where other.dedupe_key = ${jobs.dedupeKey} and other.status in ('pending', 'running')))`,
      ),
    )
    .returning({ id: jobs.id, kind: jobs.kind });
  if (retried) {
    wakeLocalWorkers();
    return retried;
  }
  const [failed] = await db
    .select({ dedupeKey: jobs.dedupeKey })
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.status, "failed")));
  if (!failed) throw noFailedJob(id);
  throw new AppError("idempotency_conflict", `Job ${id} was not retried: another job for ${failed.dedupeKey} is waiting or running. Discard this one instead.`);
}

/** Deletes a failed job for good: what it was to do will not be done. */
export async function discardFailedJob(db: DbOrTx, id: number): Promise<{ id: number; kind: string }> {
  const [discarded] = await db
    .delete(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.status, "failed")))
    .returning({ id: jobs.id, kind: jobs.kind });
  if (!discarded) throw noFailedJob(id);
  return discarded;
}
