import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "@/lib/db/client";
import { events, jobs, webhookDeliveries, type User } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { AppError } from "@/lib/errors/app-error";
import { recordEvent } from "@/lib/events/record-event";
import { claimJobs } from "@/lib/jobs/queue";
import { runDueJobsOnce } from "@/lib/jobs/worker";
import { resellerWithBalance } from "@/lib/orders/testing/helpers";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { WEBHOOK_DELIVER_JOB } from "./constants";
import { registerWebhookDeliveryHandler } from "./deliver-job";
import { deliveryOptions } from "./options";
import type { WebhookEventData } from "./payloads";
import { countRecoverableEvents, recoverEvents } from "./recover";
import { deliverScheduledAttempts } from "./scheduled-delivery";
import { enableWebhook, saveWebhook } from "./settings";
import { startReceiver, verifiedWith, type TestReceiver } from "./testing/receiver";
import { accountActor } from "@/lib/audit/record";

const quiet = () => {};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const DAY_MS = 24 * 60 * 60_000;

describe(`recovering the events a receiver missed (${testDriver()})`, () => {
  let database: Database;
  let db: Db;
  let hook: TestReceiver;
  let up = false;

  beforeAll(async () => {
    database = await createTestDatabase({ maxConnections: 10 });
    db = database.db;
    await ensureTariffs(db);
    hook = await startReceiver(() => (up ? { status: 200, body: "ok" } : { status: 503, body: "down" }));
  });
  afterAll(async () => {
    registerWebhookDeliveryHandler({ allowPrivate: true, retryDelays: [], log: quiet });
    await hook.close();
    await database.close();
  });

  const retries = (retryDelays: number[]) => registerWebhookDeliveryHandler({ allowPrivate: true, retryDelays, log: quiet });
  const record = (user: User) =>
    db.transaction((tx) =>
      recordEvent(tx, { userId: user.id, type: "order.created", data: { order_id: "ord_test", status: "processing" } as WebhookEventData<"order.created"> }),
    );
  const drain = () => runDueJobsOnce(db, "test-worker", { log: quiet });
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: AppError) => ({ code: error.code, status: error.status, message: error.message }),
    );
  const received = (from: number) => hook.received.slice(from).map((r) => String(r.headers["webhook-id"]));

  it("queues again, in event order, exactly the events whose deliveries ran out or never went out, once the webhook is enabled", async () => {
    const user = await resellerWithBalance(db, 0n);
    const secret = (await saveWebhook(db, user.id, { url: hook.url, enabled: true }, accountActor(user.id), { allowPrivate: true })).secret!;
    retries([]);
    up = false;
    const before = await record(user);
    await drain();
    await sleep(20);
    const since = new Date();
    // Three events whose only attempt failed, and no retry is left.
    const exhausted = [await record(user), await record(user), await record(user)];
    await drain();
    // One that reached the receiver.
    up = true;
    const delivered = await record(user);
    await drain();
    // One with a retry still scheduled: it is on its way already.
    up = false;
    retries([60_000]);
    const retrying = await record(user);
    await drain();
    // One that came while the webhook was off, and was never sent.
    await saveWebhook(db, user.id, { url: hook.url, enabled: false }, accountActor(user.id), { allowPrivate: true });
    const whileOff = await record(user);
    await drain();

    expect(await refusal(recoverEvents(db, user.id, since))).toEqual({
      code: "webhook_disabled",
      status: 409,
      message: expect.stringMatching(/enable it first/),
    });
    await enableWebhook(db, user.id, accountActor(user.id));
    up = true;
    expect(await countRecoverableEvents(db, user.id, since)).toBe(4);
    const sent = hook.received.length;
    expect(await recoverEvents(db, user.id, since)).toBe(4);
    // Queued now, so a second call finds them on their way.
    expect(await recoverEvents(db, user.id, since)).toBe(0);
    const queued = await db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(and(eq(jobs.kind, WEBHOOK_DELIVER_JOB), eq(jobs.status, "pending"), sql`${jobs.payload}->>'eventId' <> ${retrying}`))
      .orderBy(jobs.runAt, jobs.id);
    const inEventOrder = (await db.select({ id: events.id }).from(events).where(eq(events.userId, user.id)).orderBy(events.createdAt, events.id)).map(
      (e) => e.id,
    );
    const missed = inEventOrder.filter((id) => exhausted.includes(id));
    expect(queued.map((job) => job.payload)).toEqual([
      ...missed.map((eventId) => ({ eventId, attempt: 2, inOrderOf: user.id })),
      { eventId: whileOff, attempt: 1, inOrderOf: user.id },
    ]);

    // The retry, a minute away, is not due yet.
    retries([]);
    await drain();
    expect(received(sent)).toEqual([...missed, whileOff]);
    expect(hook.received.slice(sent).every((r) => verifiedWith(secret, r))).toBe(true);
    const rows = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.userId, user.id)).orderBy(webhookDeliveries.id);
    expect(rows.filter((d) => d.eventId === exhausted[0]).map((d) => [d.attempt, d.trigger, d.status])).toEqual([
      [1, "event", "failed"],
      [2, "event", "succeeded"],
    ]);
    expect(rows.filter((d) => d.eventId === before || d.eventId === delivered).map((d) => d.status)).toEqual(["failed", "succeeded"]);
    // Nothing is left to recover; the event from before `since` stays out of it.
    expect(await countRecoverableEvents(db, user.id, since)).toBe(0);
    expect(await countRecoverableEvents(db, user.id, new Date(since.getTime() - 60_000))).toBe(1);
  });

  it("a worker sends a reseller's recovered events one after another, in event order, each once the one before was answered", async () => {
    const slow = await startReceiver(() => ({ status: 200, body: "ok", delayMs: 150 }));
    try {
      const user = await resellerWithBalance(db, 0n);
      const secret = (await saveWebhook(db, user.id, { url: slow.url, enabled: false }, accountActor(user.id), { allowPrivate: true })).secret!;
      const since = new Date(Date.now() - 1000);
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push(await record(user));
      await enableWebhook(db, user.id, accountActor(user.id));
      expect(await recoverEvents(db, user.id, since)).toBe(5);
      const claimed = await claimJobs(db, "test-worker", { limit: 10, leaseMs: 60_000, kind: WEBHOOK_DELIVER_JOB });
      expect(claimed).toHaveLength(5);
      // Handed over in any order, and with slots for all of them at once.
      const outcomes = await Promise.all(
        deliverScheduledAttempts(db, [...claimed].reverse(), deliveryOptions({ allowPrivate: true, retryDelays: [], log: quiet })),
      );
      expect(outcomes.map((o) => o.type)).toEqual(Array(5).fill("sent"));
      // Event order: by creation time, then id (events recorded in the same millisecond).
      const inEventOrder = await db.select({ id: events.id }).from(events).where(eq(events.userId, user.id)).orderBy(events.createdAt, events.id);
      expect(inEventOrder.map((e) => e.id).sort()).toEqual([...ids].sort());
      expect(slow.received.map((r) => String(r.headers["webhook-id"]))).toEqual(inEventOrder.map((e) => e.id));
      expect(slow.received.every((r) => verifiedWith(secret, r))).toBe(true);
      for (let i = 1; i < 5; i++) expect(slow.received[i].at - slow.received[i - 1].at).toBeGreaterThanOrEqual(140);
    } finally {
      await slow.close();
    }
  });

  it("two recoveries at once queue each event once", async () => {
    const user = await resellerWithBalance(db, 0n);
    await saveWebhook(db, user.id, { url: hook.url, enabled: false }, accountActor(user.id), { allowPrivate: true });
    const since = new Date(Date.now() - 1000);
    for (let i = 0; i < 20; i++) await record(user);
    await enableWebhook(db, user.id, accountActor(user.id));
    const counts = await Promise.all([recoverEvents(db, user.id, since), recoverEvents(db, user.id, since), recoverEvents(db, user.id, since)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(20);
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, WEBHOOK_DELIVER_JOB),
          eq(jobs.status, "pending"),
          sql`${jobs.payload}->>'eventId' in (select id::text from ${events} where user_id = ${user.id})`,
        ),
      );
    expect(n).toBe(20);
  });

  it("refuses a since in the future or beyond the recovery window, and a reseller without a webhook", async () => {
    const user = await resellerWithBalance(db, 0n);
    expect(await refusal(recoverEvents(db, user.id, new Date(Date.now() - DAY_MS)))).toMatchObject({ code: "not_found" });
    await saveWebhook(db, user.id, { url: hook.url, enabled: true }, accountActor(user.id), { allowPrivate: true });
    expect(await refusal(recoverEvents(db, user.id, new Date(Date.now() + 60_000)))).toEqual({
      code: "validation_error",
      status: 400,
      message: "since: Must not be in the future.",
    });
    expect(await refusal(recoverEvents(db, user.id, new Date(Date.now() - 15 * DAY_MS)))).toMatchObject({
      code: "validation_error",
      message: expect.stringMatching(/^since: Must be within the last 14 days/),
    });
    expect(await recoverEvents(db, user.id, new Date(Date.now() - 13 * DAY_MS))).toBe(0);
  });
});
