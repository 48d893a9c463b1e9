import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, timestamptz } from "./columns";

export type JobStatus = "pending" | "running" | "done" | "failed";

/**
 * The durable job queue. Workers claim rows with FOR UPDATE SKIP LOCKED and hold them for a lease;
 * a running job whose lease ran out (its worker died) is claimed again.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    status: text("status").$type<JobStatus>().notNull().default("pending"),
    runAt: timestamptz("run_at").notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    lockedBy: text("locked_by"),
    lockedUntil: timestamptz("locked_until"),
    lastError: text("last_error"),
    /** At most one unfinished job per key (a recurring job, a job per order). */
    dedupeKey: text("dedupe_key"),
    /** The request that enqueued the job, so the worker's log lines can be found beside the request's. */
    requestId: text("request_id"),
    createdAt: createdAt(),
    finishedAt: timestamptz("finished_at"),
  },
  (t) => [
    // A lane's claim takes its kind's due jobs oldest first straight from this index, however many
    // jobs of other kinds wait; the claim of all other kinds reads only theirs (lib/jobs/queue.ts).
    index("jobs_due_idx")
      .on(t.kind, t.runAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    index("jobs_lease_idx")
      .on(t.lockedUntil)
      .where(sql`${t.status} = 'running'`),
    uniqueIndex("jobs_dedupe_key")
      .on(t.dedupeKey)
      .where(sql`${t.status} in ('pending', 'running')`),
  ],
);

export type Job = typeof jobs.$inferSelect;
