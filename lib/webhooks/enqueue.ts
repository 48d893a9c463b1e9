import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { webhookEndpoints } from "@/lib/db/schema";
import { enqueueJob } from "@/lib/jobs/queue";
import { WEBHOOK_DELIVER_JOB } from "./constants";

/** One unfinished job per attempt of an event. */
export const deliverJobKey = (eventId: string, attempt: number) => `${WEBHOOK_DELIVER_JOB}:${eventId}:${attempt}`;

/**
 * Queues the delivery of a just-recorded event when its reseller has an enabled webhook, in the
 * transaction that records the event: the event and its delivery job commit or vanish together.
 */
export async function enqueueWebhookDelivery(tx: DbOrTx, userId: string, eventId: string): Promise<boolean> {
  const [endpoint] = await tx
    .select({ userId: webhookEndpoints.userId })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.userId, userId), eq(webhookEndpoints.enabled, true)));
  if (!endpoint) return false;
  await enqueueJob(tx, { kind: WEBHOOK_DELIVER_JOB, payload: { eventId, attempt: 1 }, dedupeKey: deliverJobKey(eventId, 1) });
  return true;
}
