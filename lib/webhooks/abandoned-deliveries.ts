import { and, inArray, lt, sql } from "drizzle-orm";
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
 * A test or a redelivery is sent by the request that asked for it, with no job behind it: when the
 * process dies mid-send, its attempt would read "pending" for good. Those are closed as failed. (A
 * scheduled attempt is its job's, and is sent again when the job's lease runs out.)
 */
export async function settleAbandonedDeliveries(db: DbOrTx): Promise<number> {
  const settled = await db
    .update(webhookDeliveries)
    .set({ status: "failed", error: ABANDONED_ERROR, finishedAt: sql`now()` })
    .where(
      and(
        sql`${webhookDeliveries.status} = 'pending'`,
        inArray(webhookDeliveries.trigger, ["test", "redelivery"]),
        lt(webhookDeliveries.createdAt, sql`now() - make_interval(secs => ${ABANDONED_AFTER_MS / 1000})`),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return settled.length;
}

registerRecurringSweep(KIND, EVERY_MS, settleAbandonedDeliveries);
