import { registerJobHandler } from "@/lib/jobs/registry";
import { fulfilOrder } from "@/lib/orders/fulfil-order";
import { giveUpOnOrder } from "@/lib/orders/fulfil-job";
import { reconcileDelayMs, SUPPLIER_RECONCILE_JOB } from "./route-order";
import { openAttemptOf } from "./supplier-attempts";

/**
 * Asks the upstream again about an order whose attempt is open, backing off as it stays open, until the
 * outcome is known: delivered, refused (the next offer is tried), or past the deadline (manual queue;
 * asking goes on, so a late answer still completes the order).
 */
registerJobHandler(
  SUPPLIER_RECONCILE_JOB,
  async (job, { db }) => {
    const orderId = String(job.payload.orderId);
    const order = await fulfilOrder(db, orderId);
    const open = order?.status === "processing" ? await openAttemptOf(db, orderId) : null;
    return open ? { retryInMs: reconcileDelayMs(open) } : undefined;
  },
  { onGiveUp: (job, { db }) => giveUpOnOrder(db, String(job.payload.orderId)) },
);
