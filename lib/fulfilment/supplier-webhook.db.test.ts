import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decryptSecret } from "@/lib/crypto/encryption";
import type { Database } from "@/lib/db/client";
import { jobs, orders, supplierAttempts, suppliers, type Supplier } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import "@/lib/jobs/handlers";
import { runDueJobsOnce } from "@/lib/jobs/worker";
import { placeOrder } from "@/lib/orders/place-order";
import { toOrderRecord } from "@/lib/orders/serialize";
import { resellerWithBalance, testProduct } from "@/lib/orders/testing/helpers";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { deliveryHeaders } from "@/lib/webhooks/signature";
import { connectSupplierWebhook } from "./connect-webhook";
import { addOffer, createSupplier } from "./manage-suppliers";
import { reconcileJobKey } from "./route-order";
import { supplierWebhookResponse } from "@/lib/api/supplier-webhook";
import { startFakeUpstream, type FakeUpstream } from "./suppliers/testing/fake-upstream";

process.env.SUPPLIER_DELAY = "0";
process.env.SUPPLIER_ALLOW_PRIVATE = "1";

/**
 * The endpoint a reseller-api supplier's webhooks reach (POST /api/suppliers/{id}/webhook), through the
 * route's own function, with deliveries signed by the very code this product signs its webhooks with.
 */
describe(`supplier webhooks (${testDriver()})`, () => {
  let database: Database;
  let upstream: FakeUpstream;
  let supplier: Supplier;
  const ORIGIN = "https://a.example";
  const quiet = { log: () => {} };

  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureTariffs(database.db);
    upstream = await startFakeUpstream();
    await testProduct(database.db, { sku: "gc-hook", category: "giftcard", fulfilment: "supplier", listPrice: 2_000_000n }, { offers: false });
    supplier = await createSupplier(database.db, { kind: "reseller-api", name: "Hooked upstream", baseUrl: upstream.url, credentials: upstream.apiKey });
    await addOffer(database.db, { sku: "gc-hook", supplierId: supplier.id, upstreamProductId: "up-hook", cost: 1_000_000n });
    upstream.behaviour.set("up-hook", "processing");
  });
  afterAll(async () => {
    await upstream.close();
    await database.close();
  });

  const storedSecret = async () => decryptSecret((await database.db.select().from(suppliers).where(eq(suppliers.id, supplier.id)))[0].webhookSecretEncrypted!);

  function delivery(body: string, options: { secret?: string; now?: Date; contentType?: string; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = deliveryHeaders({
      secret: options.secret ?? upstream.webhook!.secret,
      eventId: randomUUID(),
      event: "order.status_changed",
      body,
      now: options.now,
    });
    if (options.contentType !== undefined) headers["Content-Type"] = options.contentType;
    return { headers: { ...headers, ...options.headers }, body };
  }

  async function post(supplierId: string, { headers, body }: { headers: Record<string, string>; body: string }) {
    const response = await supplierWebhookResponse(
      database.db,
      new Request(`${ORIGIN}/api/suppliers/${supplierId}/webhook`, { method: "POST", headers, body }),
      supplierId,
    );
    return {
      status: response.status,
      requestId: response.headers.get("x-request-id"),
      body: (await response.json()) as { received?: boolean; error?: { code: string; message: string } },
    };
  }

  const eventOf = (data: unknown) => JSON.stringify({ event: "order.status_changed", event_id: randomUUID(), timestamp: new Date().toISOString(), data });

  async function pendingReconcile(orderId: string) {
    const [job] = await database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.dedupeKey, reconcileJobKey(orderId)), eq(jobs.status, "pending")));
    return job ?? null;
  }

  it("connecting sets our endpoint as the upstream's webhook URL and keeps the secret it answers, encrypted; again, a regenerated one", async () => {
    const connected = await connectSupplierWebhook(database.db, supplier.id, `${ORIGIN}/`, { allowPrivate: true });
    expect(connected.webhook_url).toBe(`${ORIGIN}/api/suppliers/${supplier.id}/webhook`);
    expect(upstream.webhook!.url).toBe(connected.webhook_url);
    const [row] = await database.db.select().from(suppliers).where(eq(suppliers.id, supplier.id));
    expect(row.webhookSecretEncrypted).not.toContain(upstream.webhook!.secret);
    expect(await storedSecret()).toBe(upstream.webhook!.secret);

    // Set up before: the PUT shows no secret, so a regenerated one is the one we can know.
    const before = upstream.webhook!.secret;
    await connectSupplierWebhook(database.db, supplier.id, ORIGIN, { allowPrivate: true });
    expect(upstream.webhook!.secret).not.toBe(before);
    expect(await storedSecret()).toBe(upstream.webhook!.secret);
  });

  it("a verified order event makes the order's reconcile due at once, which completes it from the upstream's own record", async () => {
    const user = await resellerWithBalance(database.db, 5_000_000n);
    const { order } = await placeOrder(database.db, { user, sku: "gc-hook", quantity: 1, fields: {}, source: "api" });
    await runDueJobsOnce(database.db, "worker-a", quiet);
    const [attempt] = await database.db.select().from(supplierAttempts).where(eq(supplierAttempts.orderId, order.id));
    expect(attempt.status).toBe("placed");
    const waiting = await pendingReconcile(order.id);
    expect(waiting!.runAt.getTime()).toBeGreaterThan(Date.now());

    upstream.complete(attempt.upstreamOrderId!);
    const answer = await post(supplier.id, delivery(eventOf({ ...upstream.recordOf(attempt.upstreamOrderId!), previous_status: "processing" })));
    expect(answer).toMatchObject({ status: 200, body: { received: true } });
    expect((await pendingReconcile(order.id))!.runAt.getTime()).toBeLessThanOrEqual(Date.now());

    await runDueJobsOnce(database.db, "worker-a", quiet);
    const [done] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(toOrderRecord(done)).toMatchObject({
      status: "completed",
      delivery: { items: [{ code: upstream.orders.find((o) => o.reference === attempt.id)!.code }] },
    });
    // A duplicate, after: harmless.
    expect((await post(supplier.id, delivery(eventOf(upstream.recordOf(attempt.upstreamOrderId!))))).status).toBe(200);
    expect(await pendingReconcile(order.id)).toBeNull();
  });

  it("a forged body cannot deliver: the event only wakes the reconcile, which reads the upstream (still processing)", async () => {
    const user = await resellerWithBalance(database.db, 5_000_000n);
    const { order } = await placeOrder(database.db, { user, sku: "gc-hook", quantity: 1, fields: {}, source: "api" });
    await runDueJobsOnce(database.db, "worker-a", quiet);
    const [attempt] = await database.db.select().from(supplierAttempts).where(eq(supplierAttempts.orderId, order.id));
    const forged = {
      ...upstream.recordOf(attempt.upstreamOrderId!),
      status: "completed",
      delivery: { items: [{ code: "FORGED-CODE", pin: null, serial: null }], note: null },
    };
    expect((await post(supplier.id, delivery(eventOf(forged)))).status).toBe(200);
    await runDueJobsOnce(database.db, "worker-a", quiet);
    const [still] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(still.status).toBe("processing");
  });

  it("a webhook for a reference we do not know, or an event of no order of ours, is answered 200 and ignored", async () => {
    const before = await database.db.select().from(jobs);
    expect((await post(supplier.id, delivery(eventOf({ order_id: "ord_X", status: "completed", reference: "sat_01JD4X0000ABCDEFGHJKMNPQRS" })))).status).toBe(
      200,
    );
    expect(
      (
        await post(
          supplier.id,
          delivery(JSON.stringify({ event: "webhook.test", event_id: randomUUID(), timestamp: new Date().toISOString(), data: { message: "test" } })),
        )
      ).status,
    ).toBe(200);
    expect(await database.db.select().from(jobs)).toHaveLength(before.length);
  });

  it("refuses what it cannot verify or read with the documented JSON error and a request id, never a 500", async () => {
    const body = eventOf({ order_id: "ord_X", status: "completed", reference: "sat_01JD4X0000ABCDEFGHJKMNPQRS" });
    const cases: [string, ReturnType<typeof delivery>, string, number, string][] = [
      ["a wrong secret", delivery(body, { secret: "whsec_NotTheSecretTheUpstreamSignsWith0" }), supplier.id, 401, "unauthenticated"],
      ["no signature", delivery(body, { headers: { "X-Webhook-Signature": "" } }), supplier.id, 401, "unauthenticated"],
      ["a body changed after signing", { ...delivery(body), body: body.replace("completed", "refunded") }, supplier.id, 401, "unauthenticated"],
      ["a stale timestamp", delivery(body, { now: new Date(Date.now() - 10 * 60_000) }), supplier.id, 401, "unauthenticated"],
      [
        "a timestamp that is not its signature's",
        delivery(body, { headers: { "webhook-timestamp": String(Math.floor(Date.now() / 1000) + 1) } }),
        supplier.id,
        401,
        "unauthenticated",
      ],
      ["an unknown supplier", delivery(body), "sup_01JD4X0000ABCDEFGHJKMNPQRS", 404, "not_found"],
      ["a malformed supplier id", delivery(body), "nonsense", 404, "not_found"],
      ["a signed body that is not JSON", delivery("{not json"), supplier.id, 400, "invalid_json"],
      ["a signed body that is no envelope", delivery(JSON.stringify([1, 2])), supplier.id, 400, "validation_error"],
      ["a form instead of JSON", delivery(body, { contentType: "application/x-www-form-urlencoded" }), supplier.id, 415, "unsupported_media_type"],
    ];
    for (const [what, sent, supplierId, status, code] of cases) {
      const answer = await post(supplierId, sent);
      expect({ what, status: answer.status, code: answer.body.error?.code }).toEqual({ what, status, code });
      expect(answer.requestId).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("a supplier with no webhook secret has no endpoint here", async () => {
    const bare = await createSupplier(database.db, { kind: "reseller-api", name: "Not hooked", baseUrl: upstream.url, credentials: upstream.apiKey });
    const answer = await post(bare.id, delivery(eventOf({ reference: "sat_01JD4X0000ABCDEFGHJKMNPQRS" })));
    expect(answer).toMatchObject({ status: 404, body: { error: { code: "not_found" } } });
  });
});
