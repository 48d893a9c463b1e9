import { registerJobHandler, type JobHandler } from "@/lib/jobs/registry";
import { DELIVER_LEASE_MS, MAX_CONSECUTIVE_FAILURES, WEBHOOK_DELIVER_JOB } from "./constants";
import { deliverScheduledAttempt } from "./deliver";
import { deliveryOptions, type WebhookDeliveryOptions } from "./options";

/** The handler of webhook.deliver jobs ({eventId, attempt}); options default to the configuration. */
export function createDeliverHandler(overrides: Partial<WebhookDeliveryOptions> = {}): JobHandler {
  return async (job, { db }) => {
    const options = deliveryOptions(overrides);
    const eventId = String(job.payload.eventId);
    const attempt = Number(job.payload.attempt ?? 1);
    const lease = job.lockedBy ? { jobId: job.id, lockedBy: job.lockedBy, attempts: job.attempts } : undefined;
    const outcome = await deliverScheduledAttempt(db, { eventId, attempt }, options, lease);
    if (outcome.type === "sent" && outcome.disabledNow) {
      options.log(`the webhook of ${outcome.delivery.userId} was disabled after ${MAX_CONSECUTIVE_FAILURES} consecutive failed attempts`);
    }
  };
}

/** Registers the handler; tests and scripts call it again with their own options (short delays, private addresses). */
export function registerWebhookDeliveryHandler(overrides: Partial<WebhookDeliveryOptions> = {}, leaseMs: number = DELIVER_LEASE_MS): void {
  registerJobHandler(WEBHOOK_DELIVER_JOB, createDeliverHandler(overrides), { leaseMs });
}

registerWebhookDeliveryHandler();
