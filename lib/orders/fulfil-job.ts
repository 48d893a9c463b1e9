import { escalateAttempt, openAttemptOf } from "@/lib/fulfilment/supplier-attempts";
import type { Db } from "@/lib/db/client";
import { registerJobHandler } from "@/lib/jobs/registry";
import { failOrder } from "./transitions";
import { FULFIL_JOB, fulfilmentPass } from "./fulfil-order";

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

/**
 * Supplier jobs' slots in each worker, beside the general lane: a supplier answering slowly (or not
 * at all, for SUPPLIER_TIMEOUT) holds some of these, never the slots other job kinds run in. Within
 * them each supplier has at most its max_in_flight calls (lib/fulfilment/supplier-lanes.ts).
 */
export const SUPPLIER_JOB_SLOTS = 32;

registerJobHandler(
  FULFIL_JOB,
  async (job, { db }) => {
    const pass = await fulfilmentPass(db, String(job.payload.orderId));
    // With an attempt open the reconcile job carries on; with nothing sent (the supplier's turn has not come) this one runs again.
    return !pass.pending && pass.retryInMs !== null ? { retryInMs: pass.retryInMs } : undefined;
  },
  {
    slots: SUPPLIER_JOB_SLOTS,
    // Every attempt failed: the order must not stay charged and processing for good.
    onGiveUp: (job, { db }) => giveUpOnOrder(db, String(job.payload.orderId)),
  },
);
