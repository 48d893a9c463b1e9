import type { DbOrTx } from "@/lib/db/client";
import { enqueueJob } from "./queue";
import { recurringJobKinds } from "./registry";

/**
 * Idempotent: the dedupe key keeps a single job of each recurring kind however many workers start. Its
 * kind is its key, which is also how runJobNow finds it.
 */
export async function scheduleRecurringJobs(db: DbOrTx): Promise<void> {
  for (const kind of recurringJobKinds()) await enqueueJob(db, { kind, dedupeKey: kind });
}
