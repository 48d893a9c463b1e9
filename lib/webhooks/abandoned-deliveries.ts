import { and, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { webhookDeliveries } from "@/lib/db/schema";
import { registerRecurringSweep } from "@/lib/jobs/registry";
import { DELIVERY_TIMEOUT_MS } from "./constants";

const KIND = "webhook.settle-abandoned";
const EVERY_MS = 5 * 60_000;
/** Well past the delivery deadline: an attempt still pending by then has nobody left to finish it. */
const ABANDONED_AFTER_MS = 6 * DELIVERY_TIMEOUT_MS;
export const ABANDONED_ERROR = "No answer was recorded: the app stopped while the request was on its way.";

/**
 * An attempt whose process died mid-send would read "pending" for good: a test or a redelivery has no
 * job behind it, and a scheduled attempt's job sends again after its lease as a new run with a row of
 * its own. Those rows are closed as failed. (Should the answer still come in, a run that outlived its
 * lease, it replaces this: outcome-recorder.ts.)
 */
export async function settleAbandonedDeliveries(db: DbOrTx): Promise<number> {
  const settled = await db
    .update(webhookDeliveries)
    .set({ status: "failed", error: ABANDONED_ERROR, finishedAt: sql`now()` })
    .where(and(sql`${webhookDeliveries.status} = 'pending'`, lt(webhookDeliveries.createdAt, sql`now() - make_interval(secs => ${ABANDONED_AFTER_MS / 1000})`)))
    .returning({ id: webhookDeliveries.id });
  return settled.length;
}

registerRecurringSweep(KIND, EVERY_MS, settleAbandonedDeliveries);
