import { registerJobHandler } from "@/lib/jobs/registry";
import { fulfilmentPass } from "@/lib/orders/fulfil-order";
import { giveUpOnOrder, SUPPLIER_JOB_SLOTS } from "@/lib/orders/fulfil-job";
import { SUPPLIER_RECONCILE_JOB } from "./route-order";

/**
 * Asks the upstream again about an order whose attempt is open, backing off as it stays open, until the
 * outcome is known: delivered, refused (the next offer is tried), or past the deadline (manual queue;
 * asking goes on, so a late answer still completes the order). A supplier that is full or rate-limited
 * is asked when its turn comes instead. A verified webhook of the supplier makes this job due at once.
 */
registerJobHandler(
  SUPPLIER_RECONCILE_JOB,
  async (job, { db }) => {
    const { retryInMs } = await fulfilmentPass(db, String(job.payload.orderId));
    return retryInMs === null ? undefined : { retryInMs };
  },
  { slots: SUPPLIER_JOB_SLOTS / 2, onGiveUp: (job, { db }) => giveUpOnOrder(db, String(job.payload.orderId)) },
);
