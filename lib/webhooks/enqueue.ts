import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { preparedQuery } from "@/lib/db/prepared";
import { webhookEndpoints } from "@/lib/db/schema";
import { enqueueJob } from "@/lib/jobs/queue";
import { WEBHOOK_DELIVER_JOB } from "./constants";

/** One unfinished job per attempt of an event. */
export const deliverJobKey = (eventId: string, attempt: number) => `${WEBHOOK_DELIVER_JOB}:${eventId}:${attempt}`;

const enabledEndpoint = preparedQuery((db) =>
  db
    .select({ userId: webhookEndpoints.userId })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.userId, sql.placeholder("userId")), eq(webhookEndpoints.enabled, true)))
    .prepare("enabled_webhook_endpoint"),
);

/**
 * Queues the delivery of a just-recorded event when its reseller has an enabled webhook, in the
 * transaction that records the event: the event and its delivery job commit or vanish together.
 */
export async function enqueueWebhookDelivery(tx: DbOrTx, userId: string, eventId: string): Promise<boolean> {
  const [endpoint] = await enabledEndpoint(tx).execute({ userId });
  if (!endpoint) return false;
  await enqueueJob(tx, { kind: WEBHOOK_DELIVER_JOB, payload: { eventId, attempt: 1 }, dedupeKey: deliverJobKey(eventId, 1) });
  return true;
}
