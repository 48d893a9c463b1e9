import { lt, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { idempotencyKeys } from "@/lib/db/schema";
import { registerRecurringSweep } from "@/lib/jobs/registry";
import { IDEMPOTENCY_WINDOW_MS } from "./place-order";

const KIND = "orders.prune-idempotency-keys";
const EVERY_MS = 60 * 60_000;

/**
 * A key names its order for 24 hours; after that, a reuse starts a new order, so its row answers
 * nothing and would only grow the table. The order itself stays.
 */
export async function pruneIdempotencyKeys(db: DbOrTx): Promise<number> {
  const pruned = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(secs => ${IDEMPOTENCY_WINDOW_MS / 1000})`))
    .returning({ key: idempotencyKeys.key });
  return pruned.length;
}

registerRecurringSweep(KIND, EVERY_MS, pruneIdempotencyKeys);
