/** The job that delivers one scheduled attempt of one event. */
export const WEBHOOK_DELIVER_JOB = "webhook.deliver";
/** Consecutive failed attempts that disable a webhook. */
export const MAX_CONSECUTIVE_FAILURES = 50;
/** Consecutive failed attempts after which the reseller is told the webhook is failing, once per streak. */
export const FAILING_NOTICE_AFTER = 10;
/** The receiver has this long to answer, completely. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** How much of the receiver's answer a delivery record keeps. */
export const MAX_RESPONSE_BYTES = 1024;
/**
 * A deliver job's lease. Its worker renews it every third of it while the delivery is held or sent
 * (lib/jobs/run-job.ts), so a live worker keeps it past the delivery deadline, and the deliveries of a
 * worker that died go out again within seconds: with a minute's lease the receiver had an event whose
 * log said nothing of it for up to a minute.
 */
export const DELIVER_LEASE_MS = 15_000;
/** The event type of a test delivery (never in the outbox). */
export const TEST_EVENT = "webhook.test";
/**
 * Deliveries each worker has in flight at once, in slots of their own beside its other jobs: enough
 * that the bookkeeping of many shares its statements, few enough for a receiver to take. The worker
 * claims and prepares up to as many again, ready to go out as slots come free.
 */
export const DELIVERY_SLOTS = 16;
/**
 * An attempt unanswered this long after its batch was ready is shown as pending (its row written
 * then); one answered sooner, nearly all of them, is written once, with its outcome.
 */
export const PENDING_AFTER_MS = 1_000;
