import { registerJobHandler } from "@/lib/jobs/registry";
import { FULFIL_JOB, fulfilOrder } from "./fulfil-order";

registerJobHandler(FULFIL_JOB, async (job, { db }) => {
  await fulfilOrder(db, String(job.payload.orderId));
});
