import { eq } from "drizzle-orm";
import { claims } from "@/lib/db/schema";
import { registerJobHandler } from "@/lib/jobs/registry";
import { SUPPLIER_JOB_SLOTS } from "@/lib/orders/fulfil-job";
import { replaceFromSupplier, replacementFailed, CLAIM_REPLACE_JOB } from "./supplier-replacement";
import { checkUpstreamClaim, CLAIM_FORWARD_JOB, CLAIM_UPSTREAM_JOB, forwardClaim } from "./upstream-claims";

/*
 * The jobs of claims that wait on a supplier, in the supplier jobs' lane size: a slow upstream holds
 * only these, never the slots other kinds run in.
 */

/** Sends a claim to the upstream that fulfilled its order; throws to be retried with the queue's back-off. */
registerJobHandler(
  CLAIM_FORWARD_JOB,
  async (job, { db }) => {
    await forwardClaim(db, String(job.payload.claimId));
  },
  {
    slots: SUPPLIER_JOB_SLOTS / 4,
    onGiveUp: async (job, { db }) => {
      await db
        .update(claims)
        .set({ upstreamError: "The supplier could not be reached to forward the claim; answer it here." })
        .where(eq(claims.id, String(job.payload.claimId)));
    },
  },
);

/** Reads the upstream's claim until it is resolved, backing off; its webhooks make this due at once. */
registerJobHandler(
  CLAIM_UPSTREAM_JOB,
  async (job, { db }) => {
    const { retryInMs } = await checkUpstreamClaim(db, String(job.payload.claimId));
    return retryInMs === null ? undefined : { retryInMs };
  },
  { slots: SUPPLIER_JOB_SLOTS / 4 },
);

/** Buys a claim's replacement from the product's suppliers, and asks again about an attempt left open. */
registerJobHandler(
  CLAIM_REPLACE_JOB,
  async (job, { db }) => {
    const { retryInMs } = await replaceFromSupplier(db, String(job.payload.claimId));
    return retryInMs === null ? undefined : { retryInMs };
  },
  {
    slots: SUPPLIER_JOB_SLOTS / 4,
    // Nothing could reach a supplier: the admin decides, told so. An attempt left open stays on the order's page.
    onGiveUp: (job, { db }) => replacementFailed(db, String(job.payload.claimId), "The supplier could not be reached for a replacement."),
  },
);
