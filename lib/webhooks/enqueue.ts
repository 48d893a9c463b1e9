import { and, eq, is, sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { DbOrTx } from "@/lib/db/client";
import { preparedQuery } from "@/lib/db/prepared";
import { webhookEndpoints } from "@/lib/db/schema";
import { enqueueJob } from "@/lib/jobs/queue";
import { WEBHOOK_DELIVER_JOB } from "./constants";

/** One unfinished job per attempt of an event. */
export const deliverJobKey = (eventId: string, attempt: number) => `${WEBHOOK_DELIVER_JOB}:${eventId}:${attempt}`;

const enabledEndpoint = preparedQuery((db) =>
  db
    .select({ extended: webhookEndpoints.extendedEvents })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.userId, sql.placeholder("userId")), eq(webhookEndpoints.enabled, true)))
    .prepare("enabled_webhook_endpoint"),
);

/**
 * Whether a reseller's webhook is on, read once per transaction: the events of one change (an order's
 * order.created and order.status_changed) are then all delivered or none, and cost one read.
 */
/** Null: no enabled webhook; else whether it takes the extended events too. */
type Endpoint = { extended: boolean } | null;

const seenInTransaction = new WeakMap<DbOrTx, Map<string, Endpoint>>();

async function enabledWebhook(tx: DbOrTx, userId: string): Promise<Endpoint> {
  let seen = is(tx, PgTransaction) ? seenInTransaction.get(tx) : null;
  if (seen === undefined) {
    seen = new Map();
    seenInTransaction.set(tx, seen);
  }
  const known = seen?.get(userId);
  if (known !== undefined) return known;
  const [endpoint] = await enabledEndpoint(tx).execute({ userId });
  const found = endpoint ?? null;
  seen?.set(userId, found);
  return found;
}

/**
 * Queues the delivery of a just-recorded event when its reseller has an enabled webhook, in the
 * transaction that records the event: the event and its delivery job commit or vanish together. An
 * extended event (beyond the seed's four) goes only to a webhook that opted in to them.
 */
export async function enqueueWebhookDelivery(tx: DbOrTx, userId: string, eventId: string, extended = false): Promise<boolean> {
  const endpoint = await enabledWebhook(tx, userId);
  if (!endpoint || (extended && !endpoint.extended)) return false;
  await enqueueJob(tx, { kind: WEBHOOK_DELIVER_JOB, payload: { eventId, attempt: 1 }, dedupeKey: deliverJobKey(eventId, 1) });
  return true;
}
