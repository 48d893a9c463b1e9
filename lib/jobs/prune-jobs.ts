import { and, eq, lt, sql } from "drizzle-orm";
import { jobs } from "@/lib/db/schema";
import { registerJobHandler } from "./registry";

const KIND = "jobs.prune";
const EVERY_MS = 60 * 60_000;

/** Finished jobs are kept a week for inspection, then deleted so the table stays small. Failed ones stay. */
registerJobHandler(KIND, async (_job, { db }) => {
  await db.delete(jobs).where(and(eq(jobs.status, "done"), lt(jobs.finishedAt, sql`now() - interval '7 days'`)));
  // The same row comes back rather than a new one: enqueueing here would be deduped away by this very
  // job, which holds the key while it runs.
  return { retryInMs: EVERY_MS };
}, { recurring: true });
