import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import pLimit from "p-limit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/api/openapi/build";
import { operations } from "@/lib/api/operations";
import { addStockCodes } from "@/lib/catalog/stock";
import { decryptSecret } from "@/lib/crypto/encryption";
import type { Database, Db } from "@/lib/db/client";
import { events, jobs, webhookDeliveries, webhookEndpoints, type EventType, type Job, type User } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { AppError } from "@/lib/errors/app-error";
import { recordEvent } from "@/lib/events/record-event";
import { claimJobs, enqueueJob } from "@/lib/jobs/queue";
import { runDueJobsOnce, startWorker, type Worker } from "@/lib/jobs/worker";
import "@/lib/orders/fulfil-job";
import { placeOrder } from "@/lib/orders/place-order";
import { resellerWithBalance, testProduct } from "@/lib/orders/testing/helpers";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { registerJobHandler } from "@/lib/jobs/registry";
import { DELIVERY_SLOTS, MAX_CONSECUTIVE_FAILURES, WEBHOOK_DELIVER_JOB } from "./constants";
import { ABANDONED_ERROR, settleAbandonedDeliveries } from "./abandoned-deliveries";
import { NOT_COUNTED, redeliver, sendTestDelivery } from "./deliver";
import { registerWebhookDeliveryHandler } from "./deliver-job";
import { listDeliveries, toDeliveryRecord } from "./deliveries";
import { deliveryOptions, type WebhookDeliveryOptions } from "./options";
import type { WebhookEventData } from "./payloads";
import { deliverScheduledAttempts } from "./scheduled-delivery";
import {
  countDeliveryFailure,
  countDeliverySuccess,
  enableWebhook,
  findWebhookEndpoint,
  regenerateWebhookSecret,
  revealWebhookSecret,
  saveWebhook,
  toWebhookRecord,
} from "./settings";
import { undocumentedInDelivery } from "./testing/documented";
import { startReceiver, verifiedWith, verifyBodySignature, type TestReceiver } from "./testing/receiver";
import { accountActor } from "@/lib/audit/record";

const quiet = () => {};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Saving checks the URL's host; tests that save made-up hosts answer DNS themselves. */
const ALLOW = { allowPrivate: true, resolver: async () => [{ address: "93.184.216.34", family: 4 as const }] };

describe(`webhooks (${testDriver()})`, () => {
  let database: Database;
  let db: Db;
  const receivers: TestReceiver[] = [];
  const workers: Worker[] = [];

  beforeAll(async () => {
    database = await createTestDatabase({ maxConnections: 20 });
    db = database.db;
    await ensureTariffs(db);
    registerWebhookDeliveryHandler({ allowPrivate: true, retryDelays: [], log: quiet });
  });
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    await Promise.all(receivers.map((r) => r.close()));
    await database.close();
  });

  const receiver = async (...args: Parameters<typeof startReceiver>) => {
    const r = await startReceiver(...args);
    receivers.push(r);
    return r;
  };
  const worker = (leaseMs?: number) => {
    const w = startWorker({ db, pollIntervalMs: 20, concurrency: 8, leaseMs, log: quiet });
    workers.push(w);
    return w;
  };
  const reseller = () => resellerWithBalance(db, 1_000_000_000n);
  const configure = async (user: User, url: string) => (await saveWebhook(db, user.id, { url, enabled: true }, accountActor(user.id), ALLOW)).secret!;
  // Delivery does not read the data, so most tests record a stand-in rather than a whole order record.
  const record = (user: User, type: EventType = "order.created", data: Record<string, unknown> = { order_id: "ord_test", status: "processing" }) =>
    db.transaction((tx) => recordEvent(tx, { userId: user.id, type, data: data as WebhookEventData<EventType> }));
  const drain = () => runDueJobsOnce(db, "test-worker", { log: quiet });
  const deliveriesOf = (user: User) => db.select().from(webhookDeliveries).where(eq(webhookDeliveries.userId, user.id)).orderBy(webhookDeliveries.id);
  const deliverJobsOf = async (eventId: string) =>
    db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, WEBHOOK_DELIVER_JOB), sql`${jobs.payload}->>'eventId' = ${eventId}`));
  const endpointOf = async (user: User) => (await findWebhookEndpoint(db, user.id))!;
  const options = (overrides: Partial<WebhookDeliveryOptions> = {}) => deliveryOptions({ allowPrivate: true, retryDelays: [], log: quiet, ...overrides });
  /** Claims the next due delivery job as a worker does, and checks that it is the attempt the test means. */
  const claimAttempt = async (eventId: string, attempt: number, workerId = "test-worker", leaseMs = 60_000) => {
    const [job] = await claimJobs(db, workerId, { limit: 1, leaseMs, kind: WEBHOOK_DELIVER_JOB });
    expect(job.payload).toEqual({ eventId, attempt });
    return job;
  };
  const runAttempt = async (job: Job, sendOptions = options()) => (await Promise.all(deliverScheduledAttempts(db, [job], sendOptions)))[0];

  describe("settings", () => {
    it("before any configuration the webhook reads as empty", async () => {
      const user = await reseller();
      expect(toWebhookRecord(await findWebhookEndpoint(db, user.id))).toEqual({
        url: null,
        enabled: false,
        secret_set: false,
        consecutive_failures: 0,
        disabled_reason: null,
        extended_events: false,
      });
    });

    it("the first save creates the secret and returns it once; it is stored only encrypted", async () => {
      const user = await reseller();
      const first = await saveWebhook(db, user.id, { url: "https://hooks.example/in", enabled: true }, accountActor(user.id), ALLOW);
      expect(first.secret).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
      expect(toWebhookRecord(first.endpoint)).toEqual({
        url: "https://hooks.example/in",
        enabled: true,
        secret_set: true,
        consecutive_failures: 0,
        disabled_reason: null,
        extended_events: false,
      });
      const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, user.id));
      expect(row.secretEncrypted).not.toContain(first.secret!);
      expect(decryptSecret(row.secretEncrypted)).toBe(first.secret);
      expect(await revealWebhookSecret(db, user.id)).toBe(first.secret);

      const second = await saveWebhook(db, user.id, { url: "https://hooks.example/other", enabled: false }, accountActor(user.id), ALLOW);
      expect(second.secret).toBeNull();
      expect(toWebhookRecord(second.endpoint)).toMatchObject({ url: "https://hooks.example/other", enabled: false, secret_set: true });
      expect(await revealWebhookSecret(db, user.id)).toBe(first.secret);
    });

    it("refuses a URL on a private address at save time, with a message on url", async () => {
      const user = await reseller();
      for (const [url, text] of [
        ["http://127.0.0.1:9/hook", "loopback"],
        ["http://169.254.169.254/latest", "metadata"],
        ["http://localhost/hook", "resolves to"],
        ["ftp://hooks.example/in", "https:// or http://"],
        ["https://user:secret@hooks.example/in", "user name or password"],
      ]) {
        const error = await saveWebhook(db, user.id, { url, enabled: true }, accountActor(user.id), { allowPrivate: false }).catch((e) => e);
        expect(error, url).toBeInstanceOf(AppError);
        expect(error.code).toBe("validation_error");
        expect(error.details.issues[0].path).toBe("url");
        expect(error.details.issues[0].message).toContain(text);
      }
      expect(await findWebhookEndpoint(db, user.id)).toBeNull();
    });

    it("regenerating replaces the secret; without a webhook it is not found", async () => {
      const user = await reseller();
      await expect(regenerateWebhookSecret(db, user.id, accountActor(user.id))).rejects.toMatchObject({ code: "not_found" });
      const old = await configure(user, "https://hooks.example/in");
      const fresh = await regenerateWebhookSecret(db, user.id, accountActor(user.id));
      expect(fresh).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
      expect(fresh).not.toBe(old);
      expect(await revealWebhookSecret(db, user.id)).toBe(fresh);
    });
  });

  describe("delivery", () => {
    it("an event becomes one signed delivery with the envelope and every header", async () => {
      const hook = await receiver();
      const user = await reseller();
      const secret = await configure(user, hook.url);
      const eventId = await record(user, "order.status_changed", { order_id: "ord_1", type: "giftcard", status: "failed", previous_status: "processing" });
      expect(await deliverJobsOf(eventId)).toHaveLength(1);
      await drain();

      expect(hook.received).toHaveLength(1);
      const [request] = hook.received;
      expect(verifiedWith(secret, request)).toBe(true);
      expect(request.headers).toMatchObject({
        "content-type": "application/json",
        "x-webhook-event": "order.status_changed",
        "x-webhook-id": eventId,
        "webhook-id": eventId,
      });
      expect(Number(request.headers["webhook-timestamp"])).toBeCloseTo(Date.now() / 1000, -1);
      const [event] = await db.select().from(events).where(eq(events.id, eventId));
      expect(JSON.parse(request.body)).toEqual({
        event: "order.status_changed",
        event_id: eventId,
        timestamp: event.createdAt.toISOString(),
        data: { order_id: "ord_1", type: "giftcard", status: "failed", previous_status: "processing" },
      });
      expect(JSON.parse(request.body).timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

      const [delivery] = await deliveriesOf(user);
      expect(toDeliveryRecord(delivery)).toMatchObject({
        delivery_id: expect.stringMatching(/^dlv_/),
        event_id: eventId,
        event: "order.status_changed",
        url: hook.url,
        attempt: 1,
        trigger: "event",
        status: "succeeded",
        response_status: 200,
        error: null,
        next_retry_at: null,
        payload: request.body,
        response_body: "ok",
      });
      expect(delivery.durationMs).toBeGreaterThanOrEqual(0);
    });

    it("no webhook, or a disabled one: the event is recorded and nothing is queued or sent", async () => {
      const hook = await receiver();
      const none = await reseller();
      const off = await reseller();
      await saveWebhook(db, off.id, { url: hook.url, enabled: false }, accountActor(off.id), ALLOW);
      const a = await record(none);
      const b = await record(off);
      expect(await deliverJobsOf(a)).toHaveLength(0);
      expect(await deliverJobsOf(b)).toHaveLength(0);
      expect((await db.select().from(events).where(eq(events.id, a))).length).toBe(1);

      // A job queued while enabled finds the webhook disabled when it runs, and sends nothing.
      const later = await reseller();
      await configure(later, hook.url);
      const c = await record(later);
      await saveWebhook(db, later.id, { url: hook.url, enabled: false }, accountActor(later.id), ALLOW);
      await drain();
      expect(hook.received).toHaveLength(0);
      expect(await deliveriesOf(later)).toHaveLength(0);
      expect((await deliverJobsOf(c))[0].status).toBe("done");
    });

    it("order events carry the order record; a completed order's codes come from the order, not the outbox", async () => {
      const hook = await receiver();
      const user = await reseller();
      const secret = await configure(user, hook.url);
      await testProduct(db, { sku: "wh-gc", category: "giftcard", fulfilment: "stock", listPrice: 5_000_000n });
      await addStockCodes(db, "wh-gc", [{ code: "WH-CODE-1", pin: "1234", serial: null }]);
      const { order } = await placeOrder(db, { user, sku: "wh-gc", quantity: 1, fields: {}, source: "api" });
      expect(order.status).toBe("completed");
      await drain();

      expect(hook.received).toHaveLength(2);
      const document = buildOpenApiDocument(operations);
      for (const request of hook.received) {
        expect(verifiedWith(secret, request)).toBe(true);
        expect(undocumentedInDelivery(document, request)).toEqual([]);
      }
      const bodies = hook.received.map((r) => JSON.parse(r.body)).sort((x, y) => x.event.localeCompare(y.event));
      expect(bodies.map((b) => b.event)).toEqual(["order.created", "order.status_changed"]);
      // As the document warns: one transaction's events share its time, so only the status orders them.
      expect(bodies[0].timestamp).toBe(bodies[1].timestamp);
      expect(bodies[0].data).toMatchObject({ order_id: order.id, type: "giftcard", status: "processing", sku: "wh-gc", delivery: null });
      expect(bodies[1].data).toMatchObject({
        order_id: order.id,
        status: "completed",
        previous_status: "processing",
        delivery: { items: [{ code: "WH-CODE-1", pin: "1234", serial: null }], note: null },
      });
      // The codes stay encrypted at rest: not in the outbox, not in the stored request bodies.
      expect(JSON.stringify(await db.select().from(events).where(eq(events.userId, user.id)))).not.toContain("WH-CODE-1");
      expect(JSON.stringify(await deliveriesOf(user))).not.toContain("WH-CODE-1");
    });

    it("a failing receiver gets the first attempt and three retries at the configured delays, then nothing", async () => {
      const delays = [200, 400, 600];
      registerWebhookDeliveryHandler({ allowPrivate: true, retryDelays: delays, log: quiet });
      try {
        const hook = await receiver(() => ({ status: 500, body: "nope" }));
        const user = await reseller();
        const secret = await configure(user, hook.url);
        const eventId = await record(user);
        const w = worker();
        await hook.waitFor(4, 10_000);
        await sleep(1500);
        await w.stop();

        expect(hook.received).toHaveLength(4);
        const gaps = hook.received.slice(1).map((r, i) => r.at - hook.received[i].at);
        gaps.forEach((gap, i) => {
          expect(gap, `gap before retry ${i + 1}`).toBeGreaterThanOrEqual(delays[i] - 20);
          // The worker polls every 20 ms; the rest is headroom for a busy machine.
          expect(gap, `gap before retry ${i + 1}`).toBeLessThan(delays[i] + 1000);
        });
        // The same bytes every time, each signed; the event id is the same, the timestamp the attempt's.
        expect(new Set(hook.received.map((r) => r.body)).size).toBe(1);
        for (const request of hook.received) {
          expect(verifiedWith(secret, request)).toBe(true);
          expect(request.headers["webhook-id"]).toBe(eventId);
        }

        const rows = await deliveriesOf(user);
        expect(rows.map((d) => [d.attempt, d.status, d.responseStatus])).toEqual([
          [1, "failed", 500],
          [2, "failed", 500],
          [3, "failed", 500],
          [4, "failed", 500],
        ]);
        rows.slice(0, 3).forEach((d, i) => {
          expect(d.nextRetryAt, `attempt ${d.attempt}`).not.toBeNull();
          expect(d.nextRetryAt!.getTime() - d.finishedAt!.getTime()).toBe(delays[i]);
        });
        expect(rows[3].nextRetryAt).toBeNull();
        expect(rows.every((d) => d.error === "The receiver answered HTTP 500." && d.responseBody === "nope")).toBe(true);
        expect((await endpointOf(user)).consecutiveFailures).toBe(4);
        expect((await deliverJobsOf(eventId)).every((j) => j.status === "done")).toBe(true);
      } finally {
        registerWebhookDeliveryHandler({ allowPrivate: true, retryDelays: [], log: quiet });
      }
    });

    it("retries stop at the first success, which resets the failure count", async () => {
      registerWebhookDeliveryHandler({ allowPrivate: true, retryDelays: [50, 50, 50], log: quiet });
      try {
        const hook = await receiver((_r, index) => (index < 2 ? { status: 503 } : { status: 204 }));
        const user = await reseller();
        await configure(user, hook.url);
        await record(user);
        const w = worker();
        await hook.waitFor(3, 5000);
        await sleep(400);
        await w.stop();
        expect(hook.received).toHaveLength(3);
        expect((await deliveriesOf(user)).map((d) => d.status)).toEqual(["failed", "failed", "succeeded"]);
        expect((await endpointOf(user)).consecutiveFailures).toBe(0);
      } finally {
        registerWebhookDeliveryHandler({ allowPrivate: true, retryDelays: [], log: quiet });
      }
    });

    it("the SSRF guard applies to live deliveries: a private address is a failed attempt and no connection", async () => {
      const hook = await receiver();
      const user = await reseller();
      await configure(user, hook.url);
      const eventId = await record(user);
      const outcome = await runAttempt(await claimAttempt(eventId, 1), options({ allowPrivate: false }));
      expect(outcome).toMatchObject({ type: "sent", succeeded: false });
      const [row] = await deliveriesOf(user);
      expect(row.status).toBe("failed");
      expect(row.error).toContain("127.0.0.1 is a loopback address");
      expect(row.responseStatus).toBeNull();
      expect(hook.connections()).toBe(0);
    });

    it("keeps at most 1 KiB of the receiver's answer", async () => {
      const hook = await receiver(() => ({ status: 200, body: "é".repeat(2000) }));
      const user = await reseller();
      await configure(user, hook.url);
      await record(user);
      await drain();
      const [row] = await deliveriesOf(user);
      expect(Buffer.byteLength(row.responseBody!, "utf8")).toBeLessThanOrEqual(1024);
      expect(row.responseBody!.length).toBeGreaterThan(500);
    });
  });

  describe("at most once per attempt, at least once per event", () => {
    it("an attempt whose outcome is recorded is never sent again, even if its job runs again", async () => {
      const hook = await receiver();
      const user = await reseller();
      await configure(user, hook.url);
      const eventId = await record(user);
      await drain();
      await enqueueJob(db, { kind: WEBHOOK_DELIVER_JOB, payload: { eventId, attempt: 1 } });
      const again = await claimAttempt(eventId, 1);
      expect(await runAttempt(again)).toEqual({ type: "skipped", reason: "attempt-finished" });
      expect(hook.received).toHaveLength(1);
      const [job] = await db.select().from(jobs).where(eq(jobs.id, again.id));
      expect(job.status).toBe("done");
    });

    /** The database as a process sees it that dies once `dead()`: nothing it writes after that arrives. */
    const dyingDb = (dead: () => boolean): Db =>
      new Proxy(db, {
        get: (target, key) =>
          (key === "execute" || key === "transaction") && dead() ? () => Promise.reject(new Error("the process died")) : Reflect.get(target, key),
      });

    it("a process that dies between the send and its record loses no delivery: the job's next run sends it again", async () => {
      const hook = await receiver();
      const user = await reseller();
      await configure(user, hook.url);
      const eventId = await record(user);
      const claimed = await claimAttempt(eventId, 1, "doomed", 100);
      // Answered at once, so its row was to be written once, with the outcome: the process dies first.
      const outcome = (
        await Promise.all(
          deliverScheduledAttempts(
            dyingDb(() => hook.received.length > 0),
            [claimed],
            options(),
          ),
        )
      )[0];
      expect(outcome).toMatchObject({ type: "not-recorded" });
      expect(await deliveriesOf(user)).toEqual([]);
      expect((await deliverJobsOf(eventId)).map((j) => j.status)).toEqual(["running"]);

      await sleep(150);
      const reclaimed = await claimAttempt(eventId, 1, "survivor");
      expect(await runAttempt(reclaimed)).toMatchObject({ type: "sent", succeeded: true });
      // At least once: sent again, the same bytes, as the attempt's second run; no retry was queued.
      expect(hook.received).toHaveLength(2);
      expect(hook.received[1].body).toBe(hook.received[0].body);
      expect(hook.received.map((r) => r.headers["webhook-id"])).toEqual([eventId, eventId]);
      expect((await deliveriesOf(user)).map((d) => [d.attempt, d.run, d.status])).toEqual([[1, 2, "succeeded"]]);
      expect((await deliverJobsOf(eventId)).map((j) => [j.payload.attempt, j.status])).toEqual([[1, "done"]]);
    });

    it("a slow receiver's attempt shows as pending; if the process dies before the answer, the next run sends again and the sweep closes the first", async () => {
      let dead = false;
      const hook = await receiver(() => {
        setTimeout(() => (dead = true), 300);
        return { status: 200, delayMs: 500 };
      });
      const user = await reseller();
      await configure(user, hook.url);
      const eventId = await record(user);
      const claimed = await claimAttempt(eventId, 1, "doomed", 100);
      const first = Promise.all(
        deliverScheduledAttempts(
          dyingDb(() => dead),
          [claimed],
          options({ pendingAfterMs: 100 }),
        ),
      );
      await hook.waitFor(1, 2000);
      for (let i = 0; i < 50 && (await deliveriesOf(user)).length === 0; i++) await sleep(10);
      expect((await deliveriesOf(user)).map((d) => [d.attempt, d.run, d.status])).toEqual([[1, 1, "pending"]]);
      expect((await first)[0]).toMatchObject({ type: "not-recorded" });

      const reclaimed = await claimAttempt(eventId, 1, "survivor");
      expect(await runAttempt(reclaimed, options({ pendingAfterMs: 100 }))).toMatchObject({ type: "sent", succeeded: true });
      expect(hook.received).toHaveLength(2);
      expect(hook.received[1].body).toBe(hook.received[0].body);
      expect((await deliveriesOf(user)).map((d) => [d.attempt, d.run, d.status])).toEqual([
        [1, 1, "pending"],
        [1, 2, "succeeded"],
      ]);
      const [cutOff] = await deliveriesOf(user);
      await db
        .update(webhookDeliveries)
        .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
        .where(eq(webhookDeliveries.id, cutOff.id));
      await settleAbandonedDeliveries(db);
      expect((await deliveriesOf(user)).map((d) => [d.run, d.status, d.error])).toEqual([
        [1, "failed", ABANDONED_ERROR],
        [2, "succeeded", null],
      ]);
    });

    it("several workers together send each attempt once", async () => {
      const hook = await receiver();
      const user = await reseller();
      await configure(user, hook.url);
      const ids = [];
      for (let i = 0; i < 60; i++) ids.push(await record(user));
      const pool = [worker(), worker(), worker()];
      await hook.waitFor(60, 20_000);
      await sleep(300);
      await Promise.all(pool.map((w) => w.stop()));
      const seen = hook.received.map((r) => r.headers["webhook-id"]);
      expect(seen).toHaveLength(60);
      expect(new Set(seen)).toEqual(new Set(ids));
    });

    it("a run that outlives its lease records its own answer; the job's next run then sends nothing", async () => {
      const hook = await receiver();
      const user = await reseller();
      await configure(user, hook.url);
      const eventId = await record(user);
      // The slow worker claims the job with a short lease and loses it before its answer is recorded.
      const claimed = await claimAttempt(eventId, 1, "slow", 100);
      await sleep(150);
      const reclaimed = await claimAttempt(eventId, 1, "survivor");
      expect(reclaimed.id).toBe(claimed.id);
      expect(await runAttempt(claimed)).toEqual({ type: "lease-lost" });
      expect((await deliveriesOf(user)).map((d) => [d.attempt, d.run, d.status, d.responseStatus])).toEqual([[1, 1, "succeeded", 200]]);
      // The event is delivered: the survivor's run completes the job without sending it again.
      expect(await runAttempt(reclaimed)).toEqual({ type: "skipped", reason: "already-delivered" });
      expect((await deliverJobsOf(eventId)).map((j) => [j.status, j.lockedBy])).toEqual([["done", "survivor"]]);
      expect(hook.received).toHaveLength(1);
    });

    it("a re-run after the lease ran out is an attempt of its own: a late success stays recorded beside the re-run's failure", async () => {
      const hook = await receiver((_, index) => (index === 0 ? { status: 200, body: "ok", delayMs: 400 } : { status: 503, body: "down" }));
      const user = await reseller();
      const secret = await configure(user, hook.url);
      const eventId = await record(user);
      const claimed = await claimAttempt(eventId, 1, "slow", 100);
      // The first run's request reaches the receiver, whose answer takes longer than the lease.
      const first = runAttempt(claimed, options({ retryDelays: [0] }));
      await hook.waitFor(1, 2000);
      await sleep(150);
      const reclaimed = await claimAttempt(eventId, 1, "survivor");
      expect(await runAttempt(reclaimed, options({ retryDelays: [0] }))).toMatchObject({ type: "sent", succeeded: false });
      expect(await first).toEqual({ type: "lease-lost" });

      const rows = await deliveriesOf(user);
      expect(rows.map((d) => [d.attempt, d.run, d.status, d.responseStatus, d.responseBody])).toEqual([
        [1, 1, "succeeded", 200, "ok"],
        [1, 2, "failed", 503, "down"],
      ]);
      expect(hook.received).toHaveLength(2);
      expect(hook.received[0].body).toBe(hook.received[1].body);
      expect(hook.received.every((r) => verifiedWith(secret, r))).toBe(true);
      // The retry the failure queued finds the event delivered and sends nothing; the log keeps both runs.
      await drain();
      expect(hook.received).toHaveLength(2);
      const page = await listDeliveries(db, { userId: user.id, limit: 10 });
      expect(page.data.map(toDeliveryRecord).map((d) => [d.attempt, d.status, d.response_status])).toEqual([
        [1, "failed", 503],
        [1, "succeeded", 200],
      ]);
    });
  });

  describe("batches", () => {
    it("one batch for several resellers records every outcome, failure count and retry as if each ran alone", async () => {
      const ok = await receiver();
      const failing = await receiver(() => ({ status: 500, body: "nope" }));
      const [a, b, c, off] = [await reseller(), await reseller(), await reseller(), await reseller()];
      await configure(a, ok.url);
      await configure(b, failing.url);
      await configure(c, ok.url);
      await db.update(webhookEndpoints).set({ consecutiveFailures: 3 }).where(eq(webhookEndpoints.userId, c.id));
      const idsOf = new Map<User, string[]>();
      for (const [user, count] of [
        [a, 5],
        [b, 4],
        [c, 3],
      ] as const)
        idsOf.set(user, await Promise.all(Array.from({ length: count }, () => record(user))));
      await configure(off, ok.url);
      const offEvent = await record(off);
      await saveWebhook(db, off.id, { url: ok.url, enabled: false }, accountActor(off.id), ALLOW);

      const claimed = await claimJobs(db, "batch-worker", { limit: 50, leaseMs: 60_000, kind: WEBHOOK_DELIVER_JOB });
      expect(claimed).toHaveLength(13);
      // One of a's jobs was taken over by another worker while this one sent it.
      const lost = claimed.find((job) => job.payload.eventId === idsOf.get(a)![0])!;
      const batch = claimed.map((job) => (job === lost ? { ...job, attempts: job.attempts + 1 } : job));
      const outcomes = await Promise.all(deliverScheduledAttempts(db, batch, options({ retryDelays: [60_000] })));

      const outcomeOf = (eventId: string) => outcomes[claimed.findIndex((job) => job.payload.eventId === eventId)];
      expect(outcomeOf(lost.payload.eventId as string)).toEqual({ type: "lease-lost" });
      for (const id of [...idsOf.get(a)!.slice(1), ...idsOf.get(c)!]) expect(outcomeOf(id)).toMatchObject({ type: "sent", succeeded: true });
      for (const id of idsOf.get(b)!) expect(outcomeOf(id)).toMatchObject({ type: "sent", succeeded: false, disabledNow: false });
      expect(outcomeOf(offEvent)).toEqual({ type: "skipped", reason: "disabled" });
      expect(ok.received).toHaveLength(5 + 3);
      expect(failing.received).toHaveLength(4);

      // The run that lost its lease still records the receiver's answer, on its own row.
      expect((await deliveriesOf(a)).map((d) => d.status)).toEqual(["succeeded", "succeeded", "succeeded", "succeeded", "succeeded"]);
      const failed = await deliveriesOf(b);
      expect(failed.map((d) => [d.status, d.responseStatus, d.responseBody, d.error])).toEqual(
        failed.map(() => ["failed", 500, "nope", "The receiver answered HTTP 500."]),
      );
      for (const d of failed) expect(d.nextRetryAt!.getTime() - d.finishedAt!.getTime()).toBe(60_000);
      expect((await deliveriesOf(c)).map((d) => [d.status, d.responseStatus, d.nextRetryAt])).toEqual([0, 1, 2].map(() => ["succeeded", 200, null]));
      expect(await deliveriesOf(off)).toEqual([]);
      expect([(await endpointOf(a)).consecutiveFailures, (await endpointOf(b)).consecutiveFailures, (await endpointOf(c)).consecutiveFailures]).toEqual([
        0, 4, 0,
      ]);

      const statuses = await db
        .select({ id: jobs.id, status: jobs.status })
        .from(jobs)
        .where(
          inArray(
            jobs.id,
            claimed.map((job) => job.id),
          ),
        );
      expect(statuses.filter((job) => job.status === "done")).toHaveLength(12);
      expect(statuses.find((job) => job.id === lost.id)!.status).toBe("running");
      for (const id of idsOf.get(b)!) {
        const attempts = (await deliverJobsOf(id)).map((job) => [job.payload.attempt, job.status]);
        expect(attempts.sort()).toEqual([
          [1, "done"],
          [2, "pending"],
        ]);
      }
    });

    it("a receiver that answers with a NUL byte is recorded, the byte replaced", async () => {
      const hook = await receiver(() => ({ status: 200, body: "ok\0then" }));
      const user = await reseller();
      await configure(user, hook.url);
      await record(user);
      await drain();
      expect((await deliveriesOf(user)).map((d) => [d.status, d.responseBody])).toEqual([["succeeded", "ok\uFFFDthen"]]);
    });

    it("slow receivers hold only the delivery slots: other jobs run meanwhile", async () => {
      registerWebhookDeliveryHandler({ allowPrivate: true, retryDelays: [], pendingAfterMs: 200, log: quiet });
      try {
        const hook = await receiver(() => ({ status: 200, delayMs: 1500 }));
        const user = await reseller();
        await configure(user, hook.url);
        for (let i = 0; i < DELIVERY_SLOTS + 4; i++) await record(user);
        let ranAt = 0;
        registerJobHandler("webhooks-test.other", async () => {
          ranAt = Date.now();
        });
        const w = startWorker({ db, pollIntervalMs: 20, concurrency: 1, log: quiet });
        workers.push(w);
        await hook.waitFor(DELIVERY_SLOTS, 5000);
        const queuedAt = Date.now();
        await enqueueJob(db, { kind: "webhooks-test.other" });
        for (let i = 0; i < 100 && ranAt === 0; i++) await sleep(20);
        expect(ranAt - queuedAt).toBeGreaterThanOrEqual(0);
        expect(ranAt - queuedAt, "the other job waited for a webhook's slot").toBeLessThan(1000);
        // Unanswered past pendingAfterMs, those in flight and those waiting (already claimed, so each
        // goes out the moment a slot does) are all shown as pending.
        for (let i = 0; i < 50 && (await deliveriesOf(user)).length < DELIVERY_SLOTS + 4; i++) await sleep(20);
        expect((await deliveriesOf(user)).map((d) => d.status)).toEqual(Array(DELIVERY_SLOTS + 4).fill("pending"));
        // The worker keeps to its slots: the rest of the deliveries wait for one to come free.
        expect(hook.received).toHaveLength(DELIVERY_SLOTS);
        await hook.waitFor(DELIVERY_SLOTS + 4, 5000);
        await w.stop();
        expect((await deliveriesOf(user)).map((d) => d.status)).toEqual(Array(DELIVERY_SLOTS + 4).fill("succeeded"));
      } finally {
        registerWebhookDeliveryHandler({ allowPrivate: true, retryDelays: [], log: quiet });
      }
    });
  });

  describe("auto-disable", () => {
    it("49 failures and a success reset the count; the 50th consecutive failure disables, once", async () => {
      const lines: string[] = [];
      registerWebhookDeliveryHandler({ allowPrivate: true, retryDelays: [], log: (line) => lines.push(line) });
      try {
        let failing = true;
        const hook = await receiver(() => (failing ? { status: 500 } : { status: 200 }));
        const user = await reseller();
        await configure(user, hook.url);
        for (let i = 0; i < 49; i++) await record(user);
        await drain();
        expect(toWebhookRecord(await endpointOf(user))).toMatchObject({ enabled: true, consecutive_failures: 49, disabled_reason: null });

        failing = false;
        await record(user);
        await drain();
        expect((await endpointOf(user)).consecutiveFailures).toBe(0);

        failing = true;
        for (let i = 0; i < 49; i++) await record(user);
        await drain();
        expect(toWebhookRecord(await endpointOf(user))).toMatchObject({ enabled: true, consecutive_failures: 49 });
        await record(user);
        await drain();
        expect(toWebhookRecord(await endpointOf(user))).toEqual({
          url: hook.url,
          enabled: false,
          secret_set: true,
          consecutive_failures: MAX_CONSECUTIVE_FAILURES,
          disabled_reason: "consecutive_failures",
          extended_events: false,
        });
        expect(lines.filter((line) => line.includes("disabled"))).toHaveLength(1);

        // Disabled: further events are not delivered.
        const sent = hook.received.length;
        await record(user);
        await drain();
        expect(hook.received).toHaveLength(sent);

        // Re-enabling starts the count from zero.
        expect(toWebhookRecord(await enableWebhook(db, user.id, accountActor(user.id)))).toMatchObject({
          enabled: true,
          consecutive_failures: 0,
          disabled_reason: null,
        });
      } finally {
        registerWebhookDeliveryHandler({ allowPrivate: true, retryDelays: [], log: quiet });
      }
    });

    it("failures counted concurrently disable exactly once, and the count stops at exactly 50", async () => {
      const user = await reseller();
      await configure(user, "https://hooks.example/in");
      const results = await Promise.all(Array.from({ length: 60 }, () => db.transaction((tx) => countDeliveryFailure(tx, user.id))));
      expect(results.filter((r) => r.disabledNow)).toHaveLength(1);
      expect(results.find((r) => r.disabledNow)!.failures).toBe(MAX_CONSECUTIVE_FAILURES);
      expect(
        results
          .filter((r) => r.counted)
          .map((r) => r.failures)
          .sort((a, b) => a - b),
      ).toEqual(Array.from({ length: MAX_CONSECUTIVE_FAILURES }, (_, i) => i + 1));
      expect(toWebhookRecord(await endpointOf(user))).toMatchObject({
        enabled: false,
        consecutive_failures: MAX_CONSECUTIVE_FAILURES,
        disabled_reason: "consecutive_failures",
      });
      await countDeliverySuccess(db, user.id);
      expect(toWebhookRecord(await endpointOf(user))).toMatchObject({ enabled: false, consecutive_failures: 0, disabled_reason: "consecutive_failures" });
    });

    it("60 failed answers recorded at once from 49 failures: exactly 50, disabled once, and the log says which were counted", async () => {
      const hook = await receiver(() => ({ status: 500, body: "down", delayMs: 50 }));
      const user = await reseller();
      await configure(user, hook.url);
      await db
        .update(webhookEndpoints)
        .set({ consecutiveFailures: MAX_CONSECUTIVE_FAILURES - 1 })
        .where(eq(webhookEndpoints.userId, user.id));
      for (let i = 0; i < 60; i++) await record(user);
      const claimed = await claimJobs(db, "test-worker", { limit: 100, leaseMs: 60_000, kind: WEBHOOK_DELIVER_JOB });
      expect(claimed).toHaveLength(60);
      // Three workers, each with its own recorder and transaction, all sending before any failure is counted.
      const lines: string[] = [];
      const batches = [0, 1, 2].map((i) => claimed.slice(i * 20, i * 20 + 20));
      const outcomes = (
        await Promise.all(
          batches.map((batch) => Promise.all(deliverScheduledAttempts(db, batch, options({ retryDelays: [60_000], log: (line) => lines.push(line) })))),
        )
      ).flat();

      expect(hook.received).toHaveLength(60);
      expect(outcomes.filter((o) => o.type === "sent" && o.disabledNow)).toHaveLength(1);
      expect(lines.filter((line) => line.includes("disabled"))).toEqual([
        `the webhook of ${user.id} was disabled after ${MAX_CONSECUTIVE_FAILURES} consecutive failed attempts`,
      ]);
      const endpoint = toWebhookRecord(await endpointOf(user));
      expect(endpoint).toMatchObject({ enabled: false, consecutive_failures: MAX_CONSECUTIVE_FAILURES, disabled_reason: "consecutive_failures" });
      // Every answer is in the log as it came; only the one that reached 50 counted, and none is retried.
      const rows = await deliveriesOf(user);
      expect(rows.map((d) => [d.status, d.responseStatus])).toEqual(rows.map(() => ["failed", 500]));
      const counted = rows.filter((d) => !d.error!.includes(NOT_COUNTED));
      expect(counted.map((d) => d.error)).toEqual(["The receiver answered HTTP 500."]);
      expect(MAX_CONSECUTIVE_FAILURES - 1 + counted.length).toBe(endpoint.consecutive_failures);
      expect(rows.every((d) => d.nextRetryAt === null)).toBe(true);
      const retries = await db
        .select()
        .from(jobs)
        .where(
          and(
            eq(jobs.kind, WEBHOOK_DELIVER_JOB),
            sql`${jobs.payload}->>'attempt' = '2'`,
            inArray(
              sql`${jobs.payload}->>'eventId'`,
              rows.map((d) => d.eventId),
            ),
          ),
        );
      expect(retries).toEqual([]);
    });

    it("attempts still waiting for a slot when the webhook is disabled are not sent, and leave no pending row", async () => {
      const hook = await receiver(() => ({ status: 500, delayMs: 20 }));
      const user = await reseller();
      await configure(user, hook.url);
      await db
        .update(webhookEndpoints)
        .set({ consecutiveFailures: MAX_CONSECUTIVE_FAILURES - 5 })
        .where(eq(webhookEndpoints.userId, user.id));
      const ids: string[] = [];
      for (let i = 0; i < 60; i++) ids.push(await record(user));
      const claimed = await claimJobs(db, "test-worker", { limit: 100, leaseMs: 60_000, kind: WEBHOOK_DELIVER_JOB });
      expect(claimed.map((job) => job.payload.eventId).sort()).toEqual([...ids].sort());

      // One slot, as if the worker's other slots were busy: the attempts go out one after another.
      const outcomes = await Promise.all(deliverScheduledAttempts(db, claimed, options(), pLimit(1)));

      const sent = hook.received.length;
      expect(sent).toBeGreaterThanOrEqual(5);
      expect(sent).toBeLessThanOrEqual(20);
      expect(outcomes.filter((o) => o.type === "sent")).toHaveLength(sent);
      expect(outcomes.filter((o) => o.type === "skipped" && o.reason === "disabled")).toHaveLength(60 - sent);
      expect(toWebhookRecord(await endpointOf(user))).toMatchObject({
        enabled: false,
        disabled_reason: "consecutive_failures",
        consecutive_failures: MAX_CONSECUTIVE_FAILURES,
      });
      const rows = await deliveriesOf(user);
      expect(rows.map((row) => row.status)).toEqual(Array(sent).fill("failed"));
      const open = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(jobs)
        .where(
          and(
            inArray(
              jobs.id,
              claimed.map((job) => job.id),
            ),
            sql`${jobs.status} <> 'done'`,
          ),
        );
      expect(open[0].n).toBe(0);
    });

    it("60 failing deliveries processed in parallel by several workers disable the webhook once", async () => {
      const lines: string[] = [];
      registerWebhookDeliveryHandler({ allowPrivate: true, retryDelays: [], log: (line) => lines.push(line) });
      try {
        const hook = await receiver(() => ({ status: 500, delayMs: 300 }));
        const user = await reseller();
        await configure(user, hook.url);
        const ids: string[] = [];
        for (let i = 0; i < 60; i++) ids.push(await record(user));
        const pool = [0, 1, 2].map(() => {
          const w = startWorker({ db, pollIntervalMs: 20, concurrency: 20, log: quiet });
          workers.push(w);
          return w;
        });
        for (let i = 0; i < 200; i++) {
          const open = await db
            .select({ n: sql<number>`count(*)`.mapWith(Number) })
            .from(jobs)
            .where(and(eq(jobs.kind, WEBHOOK_DELIVER_JOB), inArray(sql`${jobs.payload}->>'eventId'`, ids), sql`${jobs.status} in ('pending', 'running')`));
          if (open[0].n === 0) break;
          await sleep(50);
        }
        await Promise.all(pool.map((w) => w.stop()));
        const failed = (await deliveriesOf(user)).filter((d) => d.status === "failed").length;
        const endpoint = toWebhookRecord(await endpointOf(user));
        expect(endpoint).toMatchObject({ enabled: false, disabled_reason: "consecutive_failures" });
        expect(failed).toBeGreaterThanOrEqual(MAX_CONSECUTIVE_FAILURES);
        expect(endpoint.consecutive_failures).toBe(MAX_CONSECUTIVE_FAILURES);
        const counted = (await deliveriesOf(user)).filter((d) => d.status === "failed" && !d.error!.includes(NOT_COUNTED));
        expect(counted).toHaveLength(MAX_CONSECUTIVE_FAILURES);
        expect(hook.received).toHaveLength(failed);
        expect(lines.filter((line) => line.includes("disabled"))).toHaveLength(1);
      } finally {
        registerWebhookDeliveryHandler({ allowPrivate: true, retryDelays: [], log: quiet });
      }
    });
  });

  describe("rotation, test deliveries and redelivery", () => {
    it("an attempt cut off by a crash is closed as failed once it is long overdue (a scheduled one's job re-runs with a row of its own)", async () => {
      const user = await reseller();
      await configure(user, "https://hooks.example/in");
      const row = (trigger: "test" | "redelivery" | "event", attempt: number, ageMs: number) => ({
        id: `dlv_abandoned_${user.id}_${trigger}_${ageMs}`,
        userId: user.id,
        eventId: randomUUID(),
        event: "order.created",
        url: "https://hooks.example/in",
        attempt,
        trigger,
        requestBodyEncrypted: "x",
        createdAt: new Date(Date.now() - ageMs),
      });
      await db.insert(webhookDeliveries).values([row("test", 1, 120_000), row("redelivery", 2, 120_000), row("test", 1, 5_000), row("event", 1, 120_000)]);
      expect(await settleAbandonedDeliveries(db)).toBe(3);
      const rows = await deliveriesOf(user);
      expect(Object.fromEntries(rows.map((d) => [`${d.trigger}:${d.createdAt.getTime() < Date.now() - 60_000 ? "old" : "new"}`, [d.status, d.error]]))).toEqual(
        {
          "test:old": ["failed", ABANDONED_ERROR],
          "redelivery:old": ["failed", ABANDONED_ERROR],
          "test:new": ["pending", null],
          "event:old": ["failed", ABANDONED_ERROR],
        },
      );
    });

    it("after regenerating, deliveries verify with the new secret and not with the old", async () => {
      const hook = await receiver();
      const user = await reseller();
      const old = await configure(user, hook.url);
      await record(user);
      await drain();
      const fresh = await regenerateWebhookSecret(db, user.id, accountActor(user.id));
      await record(user);
      await drain();
      const test = await sendTestDelivery(db, user.id, { ...ALLOW, timeoutMs: 10_000 });
      expect(test.status).toBe("succeeded");

      expect(hook.received).toHaveLength(3);
      const [before, after, tested] = hook.received;
      expect(verifiedWith(old, before)).toBe(true);
      for (const request of [after, tested]) {
        expect(verifiedWith(fresh, request)).toBe(true);
        expect(verifiedWith(old, request)).toBe(false);
        expect(verifyBodySignature(old, request.body, request.headers["x-webhook-signature"])).toBe(false);
      }
    });

    it("a test delivery is immediate, signed, recorded, and leaves the failure count alone", async () => {
      let status = 200;
      const hook = await receiver(() => ({ status, body: "thanks" }));
      const user = await reseller();
      await expect(sendTestDelivery(db, user.id, { ...ALLOW, timeoutMs: 10_000 })).rejects.toMatchObject({ code: "not_found" });
      const secret = await configure(user, hook.url);
      const delivery = await sendTestDelivery(db, user.id, { ...ALLOW, timeoutMs: 10_000 });
      expect(toDeliveryRecord(delivery)).toMatchObject({
        event: "webhook.test",
        trigger: "test",
        attempt: 1,
        status: "succeeded",
        response_status: 200,
        response_body: "thanks",
      });
      const [request] = hook.received;
      expect(verifiedWith(secret, request)).toBe(true);
      const body = JSON.parse(request.body);
      expect(body).toEqual({ event: "webhook.test", event_id: delivery.eventId, timestamp: expect.any(String), data: { message: "test" } });
      expect(request.headers["x-webhook-event"]).toBe("webhook.test");

      status = 500;
      const failed = await sendTestDelivery(db, user.id, { ...ALLOW, timeoutMs: 10_000 });
      expect(failed).toMatchObject({ status: "failed", responseStatus: 500 });
      expect((await endpointOf(user)).consecutiveFailures).toBe(0);
      // The test button uses the same guard as live delivery.
      const guarded = await sendTestDelivery(db, user.id, { allowPrivate: false, timeoutMs: 10_000 });
      expect(guarded.error).toContain("loopback");
      expect(hook.received).toHaveLength(2);
    });

    it("redelivery sends the same bytes again as a new attempt; another reseller's delivery is not found", async () => {
      let status = 500;
      const hook = await receiver(() => ({ status }));
      const user = await reseller();
      const other = await reseller();
      const secret = await configure(user, hook.url);
      await record(user);
      await drain();
      const [original] = await deliveriesOf(user);
      expect(original.status).toBe("failed");
      expect((await endpointOf(user)).consecutiveFailures).toBe(1);

      status = 200;
      const again = await redeliver(db, user.id, original.id, { ...ALLOW, timeoutMs: 10_000 });
      expect(toDeliveryRecord(again)).toMatchObject({ event_id: original.eventId, attempt: 2, trigger: "redelivery", status: "succeeded" });
      expect(again.id).not.toBe(original.id);
      expect(hook.received[1].body).toBe(hook.received[0].body);
      expect(verifiedWith(secret, hook.received[1])).toBe(true);
      expect((await endpointOf(user)).consecutiveFailures).toBe(0);

      await expect(redeliver(db, other.id, original.id, { ...ALLOW, timeoutMs: 10_000 })).rejects.toMatchObject({ code: "not_found" });
      // A scheduled retry finds the event delivered and does not send it again.
      await enqueueJob(db, { kind: WEBHOOK_DELIVER_JOB, payload: { eventId: original.eventId, attempt: 2 } });
      expect(await runAttempt(await claimAttempt(original.eventId, 2))).toEqual({ type: "skipped", reason: "already-delivered" });
      expect(hook.received).toHaveLength(2);
    });

    it("lists deliveries newest first with a cursor, only the caller's", async () => {
      const hook = await receiver();
      const user = await reseller();
      const other = await reseller();
      await configure(user, hook.url);
      await configure(other, hook.url);
      for (let i = 0; i < 5; i++) {
        await record(user);
        await drain();
        await sleep(2);
      }
      await record(other);
      await drain();
      const all = await listDeliveries(db, { userId: user.id, limit: 100 });
      expect(all.data).toHaveLength(5);
      expect(all.nextCursor).toBeNull();
      const ids = all.data.map((d) => d.id);
      expect([...ids].sort().reverse()).toEqual(ids);
      const first = await listDeliveries(db, { userId: user.id, limit: 2 });
      expect(first.data.map((d) => d.id)).toEqual(ids.slice(0, 2));
      const second = await listDeliveries(db, { userId: user.id, limit: 2, cursor: first.nextCursor! });
      expect(second.data.map((d) => d.id)).toEqual(ids.slice(2, 4));
    });
  });
});
