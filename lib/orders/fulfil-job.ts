import { registerJobHandler } from "@/lib/jobs/registry";
import { failOrder } from "./transitions";
import { FULFIL_JOB, fulfilOrder } from "./fulfil-order";

/** What the reseller reads on an order whose supplier could not be reached on any attempt. */
export const SUPPLIER_GAVE_UP = "The supplier could not be reached; the money is back on your balance.";

registerJobHandler(
  FULFIL_JOB,
  async (job, { db }) => {
    await fulfilOrder(db, String(job.payload.orderId));
  },
  {
    // Every attempt failed: the order must not stay charged and processing for good.
    onGiveUp: async (job, { db }) => {
      await db.transaction((tx) => failOrder(tx, String(job.payload.orderId), SUPPLIER_GAVE_UP));
    },
  },
);
