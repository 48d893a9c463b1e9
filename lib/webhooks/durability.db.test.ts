import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addStockCodes } from "@/lib/catalog/stock";
import { config } from "@/lib/config/env";
import type { Database, Db } from "@/lib/db/client";
import { events, jobs, webhookDeliveries } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { claimJobs } from "@/lib/jobs/queue";
import { startWorker, type Worker } from "@/lib/jobs/worker";
import "@/lib/orders/fulfil-job";
import { placeOrder } from "@/lib/orders/place-order";
import { resellerWithBalance, testProduct } from "@/lib/orders/testing/helpers";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { settleAbandonedDeliveries } from "./abandoned-deliveries";
import { WEBHOOK_DELIVER_JOB } from "./constants";
import { registerWebhookDeliveryHandler } from "./deliver-job";
import { deliveryOptions } from "./options";
import { deliverScheduledAttempts } from "./scheduled-delivery";
import { saveWebhook } from "./settings";
import { startReceiver, verifiedWith, type TestReceiver } from "./testing/receiver";
import { accountActor } from "@/lib/audit/record";

const ORDERS = 1000;
const LEASE_MS = 1500;
const quiet = () => {};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

/** A real worker process (Postgres only: the embedded database belongs to one process). */
function spawnWorker(url: string, log: string[]): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join("lib", "webhooks", "testing", "worker-process.ts"), url, String(LEASE_MS)], {
    cwd: process.cwd(),
    env: { ...process.env, ENCRYPTION_KEY: config().ENCRYPTION_KEY, WEBHOOK_ALLOW_PRIVATE: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      log.push(text);
      if (text.includes("ready ")) resolve(child);
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (chunk: Buffer) => log.push(chunk.toString()));
    child.once("exit", (code) => reject(new Error(`the worker process exited early (${code}): ${log.join("")}`)));
  });
}

describe(`webhook delivery survives a dying worker (${testDriver()})`, () => {
  let database: Database;
  let db: Db;
  let receiver: TestReceiver;
  const children: ChildProcess[] = [];
  const workers: Worker[] = [];
  let answerDelayMs = 50;

  beforeAll(async () => {
    database = await createTestDatabase({ maxConnections: 20 });
    db = database.db;
    await ensureTariffs(db);
    await testProduct(db, { sku: "dur-gc", category: "giftcard", fulfilment: "stock", listPrice: 1_000_000n });
    await addStockCodes(
      db,
      "dur-gc",
      Array.from({ length: ORDERS }, (_, i) => ({ code: `DUR-${i}`, pin: null, serial: null })),
    );
    // A receiver that takes a moment to answer, so that a worker always has deliveries in flight.
    receiver = await startReceiver(() => ({ status: 200, body: "ok", delayMs: answerDelayMs }));
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
    await Promise.all(workers.map((w) => w.stop()));
    await receiver.close();
    await database.close();
  });

  it(`${ORDERS} orders with the worker killed in the middle: every event arrives, none is missing`, { timeout: 240_000 }, async () => {
    const user = await resellerWithBalance(db, BigInt(ORDERS) * 2_000_000n);
    const { secret } = await saveWebhook(db, user.id, { url: receiver.url, enabled: true }, accountActor(user.id), { allowPrivate: true });
    const placeAll = async (parallel: number) => {
      for (let i = 0; i < ORDERS; i += parallel) {
        await Promise.all(
          Array.from({ length: Math.min(parallel, ORDERS - i) }, () => placeOrder(db, { user, sku: "dur-gc", quantity: 1, fields: {}, source: "api" })),
        );
      }
    };
    const openJobs = async () =>
      (
        await db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(jobs)
          .where(and(eq(jobs.kind, WEBHOOK_DELIVER_JOB), sql`${jobs.status} in ('pending', 'running')`))
      )[0].n;
    const runningJobs = async () =>
      (
        await db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(jobs)
          .where(and(eq(jobs.kind, WEBHOOK_DELIVER_JOB), eq(jobs.status, "running")))
      )[0].n;
    const eventCount = ORDERS * 2; // order.created and order.status_changed (stock completes at once)
    let killedAt = 0;

    if (database.driver === "postgres") {
      const logA: string[] = [];
      const a = await spawnWorker(database.url!, logA);
      children.push(a);
      const placing = placeAll(10);
      // Kill the first worker with SIGKILL in the middle: events still arriving, jobs in flight.
      await until(() => receiver.received.length >= eventCount / 4, 120_000, "the first worker to deliver a quarter");
      // The receiver now holds its answers, so deliveries in flight stay in flight until the kill: a
      // worker that claims ahead could otherwise finish every job it holds between the check and it.
      answerDelayMs = 10_000;
      await until(async () => (await runningJobs()) > 0, 30_000, "the first worker to have deliveries in flight");
      a.kill("SIGKILL");
      await new Promise((resolve) => a.once("exit", resolve));
      killedAt = receiver.received.length;
      const orphaned = await runningJobs();
      answerDelayMs = 50;
      await placing;
      const logB: string[] = [];
      const b = await spawnWorker(database.url!, logB);
      children.push(b);
      await until(() => new Set(receiver.received.map((r) => r.headers["webhook-id"])).size >= eventCount, 120_000, "every event to arrive");
      await until(async () => (await openJobs()) === 0, 30_000, "the queue to drain");
      b.kill("SIGTERM");
      await new Promise((resolve) => b.once("exit", resolve));
      expect(orphaned, "jobs left running by the killed worker").toBeGreaterThan(0);
    } else {
      // One process holds the embedded database, so death is simulated: a worker claims a batch of
      // jobs and never finishes them; for some it even sends and then dies before recording.
      registerWebhookDeliveryHandler({ allowPrivate: true, retryDelays: [500, 500, 500], log: quiet }, LEASE_MS);
      await placeAll(1);
      const abandoned = await claimJobs(db, "doomed-worker", { limit: 300, leaseMs: LEASE_MS, kind: WEBHOOK_DELIVER_JOB });
      expect(abandoned).toHaveLength(300);
      const options = deliveryOptions({ allowPrivate: true, retryDelays: [500, 500, 500], log: quiet });
      // The lease was taken over before the outcome could be written (the claim it ran under no longer
      // matches the job's): sent, but not recorded.
      const takenOver = abandoned.slice(0, 20).map((job) => ({ ...job, attempts: job.attempts + 1 }));
      const outcomes = await Promise.all(deliverScheduledAttempts(db, takenOver, options));
      expect(outcomes).toEqual(takenOver.map(() => ({ type: "lease-lost" })));
      killedAt = receiver.received.length;
      const survivor = startWorker({ db, leaseMs: LEASE_MS, pollIntervalMs: 20, concurrency: 8, log: quiet });
      workers.push(survivor);
      await until(() => new Set(receiver.received.map((r) => r.headers["webhook-id"])).size >= eventCount, 180_000, "every event to arrive");
      await until(async () => (await openJobs()) === 0, 30_000, "the queue to drain");
      await survivor.stop();
    }

    expect(killedAt).toBeGreaterThan(0);
    expect(killedAt).toBeLessThan(eventCount);
    const expected = new Set((await db.select({ id: events.id }).from(events).where(eq(events.userId, user.id))).map((e) => e.id));
    expect(expected.size).toBe(eventCount);
    const seen = new Set(receiver.received.map((r) => String(r.headers["webhook-id"])));
    expect(
      [...expected].filter((id) => !seen.has(id)),
      "events never delivered",
    ).toEqual([]);
    expect(
      [...seen].filter((id) => !expected.has(id)),
      "deliveries of unknown events",
    ).toEqual([]);
    expect(
      receiver.received.filter((r) => !verifiedWith(secret!, r)),
      "deliveries with a bad signature",
    ).toEqual([]);
    // Every event ends with a recorded successful attempt.
    const [{ succeeded }] = await db
      .select({ succeeded: sql<number>`count(distinct ${webhookDeliveries.eventId})`.mapWith(Number) })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.userId, user.id), eq(webhookDeliveries.status, "succeeded")));
    expect(succeeded).toBe(eventCount);
    // The runs the kill cut off keep their own rows, pending (their jobs re-ran with rows of their
    // own); once long overdue, the sweep closes them, and no attempt is left pending.
    const pendingRows = () =>
      db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.userId, user.id), eq(webhookDeliveries.status, "pending")));
    const cutOff = await pendingRows();
    expect(cutOff.length).toBeLessThanOrEqual(300);
    if (cutOff.length > 0) {
      await db
        .update(webhookDeliveries)
        .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
        .where(
          inArray(
            webhookDeliveries.id,
            cutOff.map((d) => d.id),
          ),
        );
    }
    expect(await settleAbandonedDeliveries(db)).toBe(cutOff.length);
    expect(await pendingRows()).toEqual([]);
  });
});
