import { escalateAttempt, openAttemptOf } from "@/lib/fulfilment/supplier-attempts";
import type { Db } from "@/lib/db/client";
import { registerJobHandler } from "@/lib/jobs/registry";
import { failOrder } from "./transitions";
import { FULFIL_JOB, fulfilOrder } from "./fulfil-order";

/** What the reseller reads on an order whose supplier could not be reached on any attempt. */
export const SUPPLIER_GAVE_UP = "The supplier could not be reached; the money is back on your balance.";

/**
 * Every run of the order's job failed. With nothing sent upstream the charge comes back; with an
 * attempt still open something may have been bought, so the order goes to a person instead.
 */
export async function giveUpOnOrder(db: Db, orderId: string): Promise<void> {
  const open = await openAttemptOf(db, orderId);
  if (open) await escalateAttempt(db, open.id);
  else await db.transaction((tx) => failOrder(tx, orderId, SUPPLIER_GAVE_UP));
}

registerJobHandler(
  FULFIL_JOB,
  async (job, { db }) => {
    await fulfilOrder(db, String(job.payload.orderId));
  },
  {
    // Every attempt failed: the order must not stay charged and processing for good.
    onGiveUp: (job, { db }) => giveUpOnOrder(db, String(job.payload.orderId)),
  },
);
