import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addStockCodes } from "@/lib/catalog/stock";
import type { Database } from "@/lib/db/client";
import { claims, events, jobs, ledgerEntries, orders, supplierAttempts, users, type Order, type Supplier, type User } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { connectSupplierWebhook } from "@/lib/fulfilment/connect-webhook";
import { addOffer, createSupplier } from "@/lib/fulfilment/manage-suppliers";
import { startFakeUpstream, type FakeUpstream } from "@/lib/fulfilment/suppliers/testing/fake-upstream";
import { supplierWebhookResponse } from "@/lib/api/supplier-webhook";
import "@/lib/jobs/handlers";
import { runDueJobsOnce } from "@/lib/jobs/worker";
import { placeOrder } from "@/lib/orders/place-order";
import { toOrderRecord } from "@/lib/orders/serialize";
import { resellerWithBalance, testAdmin, testProduct } from "@/lib/orders/testing/helpers";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { deliveryHeaders } from "@/lib/webhooks/signature";
import { claimRecord } from "./claim-events";
import { pageClaimMessages } from "./claim-messages";
import { openClaim } from "./open-claim";
import { refundClaim, replaceClaim } from "./resolve-claim";
import { claimReplaceJobKey, replaceFromSupplier } from "./supplier-replacement";
import { checkUpstreamClaim, CLAIM_FORWARD_JOB, claimUpstreamJobKey, forwardClaim, proportionalRefund, upstreamMessagesOf } from "./upstream-claims";

process.env.SUPPLIER_DELAY = "0";
process.env.SUPPLIER_ALLOW_PRIVATE = "1";

/**
 * A claim on an order that an upstream running this product fulfilled goes to that upstream through its
 * API (the fake upstream answers as the product does), and the upstream's outcome comes back; a claim on
 * a product out of stock is replaced by a re-order from its supplier.
 */
describe(`claims and suppliers (${testDriver()})`, () => {
  let database: Database;
  let upstream: FakeUpstream;
  let supplier: Supplier;
  let admin: User;
  const quiet = { log: () => {} };
  const ORIGIN = "https://a.example";

  beforeAll(async () => {
    database = await createTestDatabase({ maxConnections: 20 });
    await ensureTariffs(database.db);
    upstream = await startFakeUpstream();
    supplier = await createSupplier(database.db, { kind: "reseller-api", name: "Upstream wholesaler", baseUrl: upstream.url, credentials: upstream.apiKey });
    await testProduct(database.db, { sku: "gc-up", category: "giftcard", fulfilment: "supplier", listPrice: 2_000_000n }, { offers: false });
    await addOffer(database.db, { sku: "gc-up", supplierId: supplier.id, upstreamProductId: "up-gc", cost: 1_000_000n });
    // Sold from stock; re-ordered from the supplier once the stock is out.
    await testProduct(database.db, { sku: "gc-stock", category: "giftcard", fulfilment: "stock", listPrice: 2_000_000n });
    await addOffer(database.db, { sku: "gc-stock", supplierId: supplier.id, upstreamProductId: "up-stock", cost: 1_000_000n });
    await testProduct(database.db, { sku: "gc-only-stock", category: "giftcard", fulfilment: "stock", listPrice: 2_000_000n });
    admin = await testAdmin(database.db);
    await connectSupplierWebhook(database.db, supplier.id, ORIGIN, { allowPrivate: true });
  });
  afterAll(async () => {
    await upstream.close();
    await database.close();
  });

  const db = () => database.db;
  const claimOf = async (id: string) => (await db().select().from(claims).where(eq(claims.id, id)))[0];
  const orderOf = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0];
  const balanceOf = async (id: string) => (await db().select({ b: users.balance }).from(users).where(eq(users.id, id)))[0].b;
  const codesOf = (order: Order) => toOrderRecord(order).delivery!.items.map((item) => item.code);
  const upstreamClaimOf = (orderId: string) => upstream.claims.filter((claim) => claim.order_id === orderId);

  /** An order bought through the upstream, completed by the fulfil job. */
  async function chainedOrder() {
    const user = await resellerWithBalance(db(), 10_000_000n);
    const { order } = await placeOrder(db(), { user, sku: "gc-up", quantity: 1, fields: {}, source: "api" });
    await runDueJobsOnce(db(), "worker-a", quiet);
    const done = await orderOf(order.id);
    expect(done.status).toBe("completed");
    const [attempt] = await db().select().from(supplierAttempts).where(eq(supplierAttempts.orderId, order.id));
    return { user, order: done, upstreamOrderId: attempt.upstreamOrderId! };
  }
  const open = (user: User, order: Order) =>
    db()
      .transaction((tx) =>
        openClaim(tx, {
          userId: user.id,
          orderId: order.id,
          reason: "code_already_used",
          message: "Already redeemed",
          actor: { userId: user.id, apiKeyId: null, ip: null },
        }),
      )
      .then(({ claim }) => claim);
  async function forwarded() {
    const chained = await chainedOrder();
    const claim = await open(chained.user, chained.order);
    await forwardClaim(db(), claim.id);
    const [theirs] = upstreamClaimOf(chained.upstreamOrderId);
    return { ...chained, claim: await claimOf(claim.id), theirs };
  }
  const resolvedEvents = async (userId: string) =>
    db()
      .select()
      .from(events)
      .where(and(eq(events.userId, userId), eq(events.type, "order.claim.resolved")));

  /** The upstream's signed order.claim.* webhook, through our route. */
  async function upstreamWebhook(event: string, claimId: string) {
    const body = JSON.stringify({ event, event_id: randomUUID(), timestamp: new Date().toISOString(), data: { claim_id: claimId } });
    const headers = deliveryHeaders({ secret: upstream.webhook!.secret, eventId: randomUUID(), event, body });
    const response = await supplierWebhookResponse(
      db(),
      new Request(`${ORIGIN}/api/suppliers/${supplier.id}/webhook`, { method: "POST", headers, body }),
      supplier.id,
    );
    return response.status;
  }

  it("connects the supplier's webhook with extended events on, so that claim events come back", () => {
    expect(upstream.webhook?.extendedEvents).toBe(true);
  });

  it("forwards a claim by a job committed with it, once: a lost answer is retried, and repeated sends find the same claim", async () => {
    const { user, order, upstreamOrderId } = await chainedOrder();
    upstream.dropClaimAnswers = 1;
    const claim = await open(user, order);
    const [job] = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, CLAIM_FORWARD_JOB), eq(jobs.status, "pending")));
    expect(job.payload).toEqual({ claimId: claim.id });

    await runDueJobsOnce(db(), "worker-a", quiet);
    const [retried] = await db().select().from(jobs).where(eq(jobs.id, job.id));
    expect(retried).toMatchObject({ status: "pending", attempts: 1 });
    expect((await claimOf(claim.id)).upstreamError).toMatch(/Opening the claim/);
    expect(upstreamClaimOf(upstreamOrderId)).toHaveLength(1);

    // The retry, and two more at once (a worker whose lease ran out): still the one claim upstream.
    await Promise.all([forwardClaim(db(), claim.id), forwardClaim(db(), claim.id)]);
    await forwardClaim(db(), claim.id);
    const [theirs] = upstreamClaimOf(upstreamOrderId);
    expect(upstreamClaimOf(upstreamOrderId)).toHaveLength(1);
    expect(theirs).toMatchObject({ reason: "code_already_used", message: "Already redeemed" });
    const ours = await claimOf(claim.id);
    expect(ours).toMatchObject({ upstreamClaimId: theirs.claim_id, upstreamStatus: "open", upstreamError: null });
    expect((await claimRecord(db(), ours)).forwarded).toBe(true);
  });

  it("the upstream's replacement, woken by its webhook, delivers the new code on our order once and resolves our claim", async () => {
    const { user, order, claim, theirs } = await forwarded();
    const before = codesOf(order);
    upstream.resolveClaim(theirs.claim_id, { status: "replaced", note: "New code sent." });
    expect(await upstreamWebhook("order.claim.resolved", theirs.claim_id)).toBe(200);
    const [due] = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.dedupeKey, claimUpstreamJobKey(claim.id)), eq(jobs.status, "pending")));
    expect(due.runAt.getTime()).toBeLessThanOrEqual(Date.now());

    await Promise.all([checkUpstreamClaim(db(), claim.id), checkUpstreamClaim(db(), claim.id), runDueJobsOnce(db(), "worker-a", quiet)]);
    const ours = await claimOf(claim.id);
    expect(ours).toMatchObject({ status: "replaced", upstreamStatus: "replaced", resolvedBy: null, resolutionNote: "The supplier: New code sent." });
    const now = await orderOf(order.id);
    expect(codesOf(now)).toEqual([`${before[0]}-NEW`]);
    expect(now.status).toBe("completed");
    expect(await resolvedEvents(user.id)).toHaveLength(1);
    expect((await resolvedEvents(user.id))[0].data).toMatchObject({ claim_id: claim.id, outcome: "replaced", forwarded: true });
  });

  it("the upstream's partial refund returns the same share of our charge, rounded down, in one refund naming the claim", async () => {
    const { user, order, claim, theirs } = await forwarded();
    const balance = await balanceOf(user.id);
    upstream.resolveClaim(theirs.claim_id, { status: "refunded", refundAmount: "0.333333" });
    await checkUpstreamClaim(db(), claim.id);
    await checkUpstreamClaim(db(), claim.id);
    // Our 2.00 charge, as the upstream's 0.333333 of its 1.00: 0.666666.
    expect(await claimOf(claim.id)).toMatchObject({ status: "refunded", refundAmount: 666_666n });
    expect(await balanceOf(user.id)).toBe(balance + 666_666n);
    const refunds = await db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, order.id), eq(ledgerEntries.type, "refund")));
    expect(refunds.map((entry) => [entry.amount, entry.claimId])).toEqual([[666_666n, claim.id]]);
    expect((await orderOf(order.id)).status).toBe("completed");
  });

  it("a share never exceeds what is left of the charge; the upstream's full refund is a full one here", () => {
    expect(proportionalRefund({ ourTotal: 2_000_000n, rest: 2_000_000n, upstreamTotal: 1_000_000n, upstreamRefund: 1_000_000n })).toBe(2_000_000n);
    expect(proportionalRefund({ ourTotal: 2_000_000n, rest: 100_000n, upstreamTotal: 1_000_000n, upstreamRefund: 500_000n })).toBe(100_000n);
    expect(proportionalRefund({ ourTotal: 1_000_000n, rest: 1_000_000n, upstreamTotal: 3_000_000n, upstreamRefund: 1_000_000n })).toBe(333_333n);
    expect(proportionalRefund({ ourTotal: 2_000_000n, rest: 600_000n, upstreamTotal: 1_000_000n, upstreamRefund: 2_000_000n })).toBe(600_000n);
  });

  it("the upstream's rejection leaves our claim in our queue with its reason; its support's messages are our admins', copied once", async () => {
    const { user, claim, theirs } = await forwarded();
    theirs.messages.push(
      { message_id: "msg_UP1", author: "support", text: "We are checking the code." },
      { message_id: "msg_UP2", author: "reseller", text: "ours" },
    );
    await checkUpstreamClaim(db(), claim.id);
    await checkUpstreamClaim(db(), claim.id);
    upstream.resolveClaim(theirs.claim_id, { status: "rejected", note: "The code was redeemed on 1 May from your account." });
    await checkUpstreamClaim(db(), claim.id);
    expect(await claimOf(claim.id)).toMatchObject({
      status: "open",
      upstreamStatus: "rejected",
      upstreamNote: "The code was redeemed on 1 May from your account.",
    });
    expect((await upstreamMessagesOf(db(), claim.id)).map((message) => message.text)).toEqual(["We are checking the code."]);
    expect((await pageClaimMessages(db(), await claimOf(claim.id), { limit: 50 })).data).toEqual([]);
    expect(await resolvedEvents(user.id)).toHaveLength(0);
  });

  it("our admin's own outcome first: the upstream's, arriving later, is recorded and not applied again", async () => {
    const { user, order, claim, theirs } = await forwarded();
    const balance = await balanceOf(user.id);
    await refundClaim(db(), { claimId: claim.id, adminId: admin.id });
    upstream.resolveClaim(theirs.claim_id, { status: "refunded", refundAmount: "1.00" });
    await Promise.all([checkUpstreamClaim(db(), claim.id), checkUpstreamClaim(db(), claim.id)]);
    expect(await claimOf(claim.id)).toMatchObject({ status: "refunded", resolvedBy: admin.id, refundAmount: 2_000_000n, upstreamStatus: "refunded" });
    expect(await balanceOf(user.id)).toBe(balance + 2_000_000n);
    const refunds = await db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, order.id), eq(ledgerEntries.type, "refund")));
    expect(refunds).toHaveLength(1);
    expect(await resolvedEvents(user.id)).toHaveLength(1);
  });

  describe("replacing by a supplier re-order", () => {
    async function stockOrder(sku: string) {
      await addStockCodes(db(), sku, [{ code: `STOCK-${randomUUID()}`, pin: null, serial: null }]);
      const user = await resellerWithBalance(db(), 10_000_000n);
      const { order } = await placeOrder(db(), { user, sku, quantity: 1, fields: {}, source: "api" });
      expect(order.status).toBe("completed");
      return { user, order, claim: await open(user, order) };
    }

    it("with no stock left the supplier delivers the new code on the same order, bought once, and the reseller is charged once", async () => {
      const { user, order, claim } = await stockOrder("gc-stock");
      const balance = await balanceOf(user.id);
      const old = codesOf(order);
      const replacing = await replaceClaim(db(), { claimId: claim.id, adminId: admin.id, note: "Re-ordered" });
      expect(replacing.status).toBe("replacing");
      expect(toOrderRecord(await orderOf(order.id)).claim).toEqual({ id: claim.id, status: "replacing" });
      await expect(refundClaim(db(), { claimId: claim.id, adminId: admin.id })).rejects.toMatchObject({ code: "claim_conflict" });

      const boughtBefore = upstream.orders.length;
      await Promise.all([replaceFromSupplier(db(), claim.id), replaceFromSupplier(db(), claim.id), runDueJobsOnce(db(), "worker-a", quiet)]);
      await replaceFromSupplier(db(), claim.id);
      const bought = upstream.orders.slice(boughtBefore);
      expect(bought).toHaveLength(1);
      const ours = await claimOf(claim.id);
      expect(ours).toMatchObject({ status: "replaced", resolvedBy: admin.id, resolutionNote: "Re-ordered" });
      expect(ours.replacedItems).toHaveLength(1);
      expect(codesOf(await orderOf(order.id))).toEqual([bought[0].code]);
      expect(codesOf(await orderOf(order.id))).not.toEqual(old);
      expect(await balanceOf(user.id)).toBe(balance);
      expect(await resolvedEvents(user.id)).toHaveLength(1);
      const attempts = await db().select().from(supplierAttempts).where(eq(supplierAttempts.claimId, claim.id));
      expect(attempts.map((attempt) => attempt.status)).toEqual(["completed"]);
    });

    it("a supplier that cannot deliver puts the claim back in review with the error", async () => {
      const { claim } = await stockOrder("gc-stock");
      upstream.behaviour.set("up-stock", "out_of_stock");
      try {
        await replaceClaim(db(), { claimId: claim.id, adminId: admin.id });
        await runDueJobsOnce(db(), "worker-a", quiet);
      } finally {
        upstream.behaviour.delete("up-stock");
      }
      expect(await claimOf(claim.id)).toMatchObject({
        status: "in_review",
        replacementError: expect.stringMatching(/No supplier could deliver a replacement: HTTP 422 out_of_stock/),
      });
      const [job] = await db()
        .select()
        .from(jobs)
        .where(and(eq(jobs.dedupeKey, claimReplaceJobKey(claim.id)), eq(jobs.status, "pending")));
      expect(job).toBeUndefined();
    });

    it("a product no supplier sells still answers out_of_stock, with nothing changed", async () => {
      const { claim } = await stockOrder("gc-only-stock");
      await expect(replaceClaim(db(), { claimId: claim.id, adminId: admin.id })).rejects.toMatchObject({ code: "out_of_stock" });
      expect((await claimOf(claim.id)).status).toBe("open");
    });
  });
});
