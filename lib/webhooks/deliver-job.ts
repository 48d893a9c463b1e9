import { registerBatchJobHandler, type BatchJobHandler } from "@/lib/jobs/registry";
import { DELIVER_LEASE_MS, DELIVERY_SLOTS, WEBHOOK_DELIVER_JOB } from "./constants";
import { deliveryOptions, type WebhookDeliveryOptions } from "./options";
import { deliverScheduledAttempts } from "./scheduled-delivery";

/** The handler of webhook.deliver jobs ({eventId, attempt}); options default to the configuration, read at the first run. */
export function createDeliverHandler(overrides: Partial<WebhookDeliveryOptions> = {}): BatchJobHandler {
  let options: WebhookDeliveryOptions | undefined;
  return (jobs, { db, inSlot }) => deliverScheduledAttempts(db, jobs, (options ??= deliveryOptions(overrides)), inSlot);
}

/** Registers the handler; tests and scripts call it again with their own options (short delays, private addresses). */
export function registerWebhookDeliveryHandler(overrides: Partial<WebhookDeliveryOptions> = {}, leaseMs: number = DELIVER_LEASE_MS): void {
  registerBatchJobHandler(WEBHOOK_DELIVER_JOB, createDeliverHandler(overrides), { leaseMs, slots: DELIVERY_SLOTS });
}

registerWebhookDeliveryHandler();
