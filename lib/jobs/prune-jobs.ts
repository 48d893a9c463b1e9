import { and, eq, lt, sql } from "drizzle-orm";
import { jobs } from "@/lib/db/schema";
import { registerRecurringSweep } from "./registry";

/** Finished jobs are kept a week for inspection, then deleted so the table stays small. Failed ones stay. */
registerRecurringSweep("jobs.prune", 60 * 60_000, async (db) => {
  await db.delete(jobs).where(and(eq(jobs.status, "done"), lt(jobs.finishedAt, sql`now() - interval '7 days'`)));
});
