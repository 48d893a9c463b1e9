import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addStockCodes } from "@/lib/catalog/stock";
import type { Database } from "@/lib/db/client";
import { auditLog, claimImages, claims, events, jobs, ledgerEntries, orders, users, type Order, type User } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { getOrderForAdmin } from "@/lib/orders/list-orders";
import { refundCompletedOrder } from "@/lib/orders/manual-orders";
import { placeOrder } from "@/lib/orders/place-order";
import { toOrderRecord } from "@/lib/orders/serialize";
import { resellerWithBalance, testAdmin, testProduct } from "@/lib/orders/testing/helpers";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { saveWebhook } from "@/lib/webhooks/settings";
import { postClaimMessage } from "./claim-messages";
import { checkClaimImage } from "./image";
import { openClaim } from "./open-claim";
import { claimCounts, claimsQueue, getClaim } from "./read-claims";
import { refundClaim, rejectClaim, replaceClaim } from "./resolve-claim";
import { takeClaim } from "./take-claim";
import { setClaimWindow } from "./windows";

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

describe(`claims (${testDriver()})`, () => {
  let database: Database;
  let ann: User;
  let ben: User;
  let codeNumber = 0;
  const stock = (count: number) => Array.from({ length: count }, () => ({ code: `CLM-${++codeNumber}`, pin: null, serial: null }));

  beforeAll(async () => {
    database = await createTestDatabase({ maxConnections: 20 });
    await ensureTariffs(database.db);
    await testProduct(database.db, { sku: "gc-claim", category: "giftcard", fulfilment: "stock", listPrice: 5_000_000n });
    await testProduct(database.db, { sku: "tu-claim", category: "topup", fulfilment: "stock", listPrice: 2_000_000n });
    await testProduct(database.db, { sku: "svc-claim", category: "manual", fulfilment: "manual", listPrice: 1_000_000n });
    await addStockCodes(database.db, "gc-claim", stock(40));
    await addStockCodes(database.db, "tu-claim", stock(5));
    [ann, ben] = [await testAdmin(database.db, "ann"), await testAdmin(database.db, "ben")];
  });
  afterAll(async () => {
    await database.close();
  });

  const db = () => database.db;
  const balanceOf = async (id: string) => (await db().select({ b: users.balance }).from(users).where(eq(users.id, id)))[0].b;
  const codesOf = (order: Order) => toOrderRecord(order).delivery!.items.map((item) => item.code);

  async function deliveredOrder(sku = "gc-claim", balance = 50_000_000n) {
    const user = await resellerWithBalance(db(), balance);
    const { order } = await placeOrder(db(), { user, sku, quantity: 1, fields: {}, source: "api" });
    expect(order.status).toBe("completed");
    return { user, order };
  }
  const open = (user: User, order: Order, extra: Partial<Parameters<typeof openClaim>[1]> = {}) =>
    db()
      .transaction((tx) =>
        openClaim(tx, {
          userId: user.id,
          orderId: order.id,
          reason: "code_already_used",
          message: "Already redeemed",
          actor: { userId: user.id, apiKeyId: null, ip: "198.51.100.4" },
          ...extra,
        }),
      )
      .then(({ claim }) => claim);
  const claimsOf = async (orderId: string) => db().select().from(claims).where(eq(claims.orderId, orderId));
  const ago = (ms: number) => sql`now() - ${ms} * interval '1 millisecond'`;

  it("opens a claim with an image on a completed order, shows it on the order, and promises an answer in CLAIM_RESPONSE_SLA", async () => {
    const { user, order } = await deliveredOrder();
    const claim = await open(user, order, { image: checkClaimImage(PNG) });
    expect(claim).toMatchObject({ status: "open", reason: "code_already_used", orderId: order.id });
    expect(claim.respondBy.getTime() - claim.createdAt.getTime()).toBe(24 * 3600 * 1000);
    expect(toOrderRecord(await getOrderForAdmin(db(), order.id)).claim).toEqual({ id: claim.id, status: "open" });
    const [image] = await db().select().from(claimImages).where(eq(claimImages.claimId, claim.id));
    expect(image).toMatchObject({ contentType: "image/png", size: PNG.byteLength });
    const [event] = await db()
      .select()
      .from(events)
      .where(and(eq(events.userId, user.id), eq(events.type, "order.claim.opened")));
    expect(event.data).toMatchObject({ claim_id: claim.id, order_id: order.id, status: "open", image: { content_type: "image/png" } });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.accountId, user.id), eq(auditLog.action, "claim.opened")));
    expect(audit.map((row) => [row.action, row.subject, row.actorUserId, row.ip])).toEqual([["claim.opened", claim.id, user.id, "198.51.100.4"]]);
  });

  it("refuses an image by its bytes, not its name: a GIF, an empty file, one over 2 MB", () => {
    expect(() => checkClaimImage(Uint8Array.from(Buffer.from("GIF89a...")))).toThrow(/PNG or JPEG/);
    expect(() => checkClaimImage(new Uint8Array())).toThrow(/empty/);
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(PNG);
    expect(() => checkClaimImage(big)).toThrow(expect.objectContaining({ code: "payload_too_large" }));
    expect(checkClaimImage(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0])).contentType).toBe("image/jpeg");
  });

  it("refuses a second open claim on the order, also when many are opened at once, and stores nothing more", async () => {
    const { user, order } = await deliveredOrder();
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => open(user, order)));
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    for (const outcome of outcomes.filter((outcome) => outcome.status === "rejected")) expect(outcome.reason).toMatchObject({ code: "claim_conflict" });
    expect(await claimsOf(order.id)).toHaveLength(1);
  });

  it("opens one claim under an Idempotency-Key however often it is sent, also at once and after it was resolved; the key with another claim is refused", async () => {
    const { user, order } = await deliveredOrder();
    const sent = () =>
      db().transaction((tx) =>
        openClaim(tx, {
          userId: user.id,
          orderId: order.id,
          reason: "code_already_used",
          message: "Already redeemed",
          actor: { userId: user.id, apiKeyId: null, ip: null },
          idempotencyKey: "forward-clm-1",
        }),
      );
    const outcomes = await Promise.all(Array.from({ length: 4 }, sent));
    const [claim] = await claimsOf(order.id);
    expect(outcomes.map(({ claim: answered }) => answered.id)).toEqual(Array(4).fill(claim.id));
    expect(outcomes.filter(({ replayed }) => !replayed)).toHaveLength(1);

    await rejectClaim(db(), { claimId: claim.id, adminId: ann.id, note: "The code was redeemed by your customer." });
    const again = await sent();
    expect(again).toMatchObject({ replayed: true, claim: { id: claim.id, status: "rejected" } });
    expect(await claimsOf(order.id)).toHaveLength(1);

    await expect(open(user, order, { idempotencyKey: "forward-clm-1", message: "Another text" })).rejects.toMatchObject({
      code: "idempotency_conflict",
      details: { claim_id: claim.id },
    });
    const { order: other } = await placeOrder(db(), { user, sku: "gc-claim", quantity: 1, fields: {}, source: "api" });
    await expect(
      db().transaction((tx) =>
        openClaim(tx, {
          userId: user.id,
          orderId: other.id,
          reason: "code_already_used",
          message: "Already redeemed",
          actor: { userId: user.id, apiKeyId: null, ip: null },
          idempotencyKey: "forward-clm-1",
        }),
      ),
    ).rejects.toMatchObject({ code: "idempotency_conflict" });
    // Keys are the reseller's own: another reseller may use the same one.
    const { user: stranger, order: theirs } = await deliveredOrder();
    expect(await open(stranger, theirs, { idempotencyKey: "forward-clm-1" })).toMatchObject({ orderId: theirs.id });
  });

  it("scopes claims to their reseller: another reseller's order and claim read as not found", async () => {
    const { user, order } = await deliveredOrder();
    const other = await resellerWithBalance(db(), 0n);
    await expect(open(other, order)).rejects.toMatchObject({ code: "not_found" });
    const claim = await open(user, order);
    await expect(getClaim(db(), other.id, claim.id)).rejects.toMatchObject({ code: "not_found" });
    expect((await getClaim(db(), user.id, claim.id)).id).toBe(claim.id);
  });

  it("takes claims within the category's window only: 7 days for codes, 72 hours for top-ups, or what the admin set", async () => {
    const code = await deliveredOrder();
    await db()
      .update(orders)
      .set({ completedAt: ago(6 * 86_400_000) })
      .where(eq(orders.id, code.order.id));
    expect((await open(code.user, code.order)).status).toBe("open");

    const late = await deliveredOrder();
    await db()
      .update(orders)
      .set({ completedAt: ago(7 * 86_400_000 + 60_000) })
      .where(eq(orders.id, late.order.id));
    await expect(open(late.user, late.order)).rejects.toMatchObject({ code: "claim_not_allowed", details: { reason: "window_passed" } });

    const topup = await deliveredOrder("tu-claim");
    await db()
      .update(orders)
      .set({ completedAt: ago(73 * 3_600_000) })
      .where(eq(orders.id, topup.order.id));
    await expect(open(topup.user, topup.order)).rejects.toMatchObject({ code: "claim_not_allowed" });

    await setClaimWindow(db(), { category: "topup", seconds: 80 * 3600, adminId: ann.id });
    expect((await open(topup.user, topup.order)).status).toBe("open");
    await setClaimWindow(db(), { category: "topup", seconds: 72 * 3600, adminId: ann.id });
    expect(await claimsOf(late.order.id)).toHaveLength(0);
  });

  it("refuses a claim on an order that is not completed", async () => {
    const user = await resellerWithBalance(db(), 5_000_000n);
    const { order } = await placeOrder(db(), { user, sku: "svc-claim", quantity: 1, fields: {}, source: "panel" });
    await expect(open(user, order)).rejects.toMatchObject({ code: "claim_not_allowed", details: { reason: "not_completed" } });
  });

  it("replaces the code from stock on the same order and keeps the old one; concurrent replacements never hand out one code twice", async () => {
    const tight = "gc-tight";
    await testProduct(db(), { sku: tight, category: "giftcard", fulfilment: "stock", listPrice: 1_000_000n });
    await addStockCodes(db(), tight, stock(6));
    const bought = await Promise.all(Array.from({ length: 6 }, () => deliveredOrder(tight)));
    const opened = await Promise.all(bought.map(({ user, order }) => open(user, order)));
    await addStockCodes(db(), tight, stock(3));
    const outcomes = await Promise.allSettled(opened.map((claim, i) => replaceClaim(db(), { claimId: claim.id, adminId: i % 2 ? ann.id : ben.id })));
    const replaced = outcomes.filter((outcome) => outcome.status === "fulfilled");
    expect(replaced).toHaveLength(3);
    for (const outcome of outcomes.filter((outcome) => outcome.status === "rejected")) expect(outcome.reason).toMatchObject({ code: "out_of_stock" });

    const after = await Promise.all(bought.map(({ order }) => getOrderForAdmin(db(), order.id)));
    const delivered = after.flatMap(codesOf);
    expect(new Set(delivered).size).toBe(delivered.length);
    for (const [i, order] of after.entries()) {
      const claim = (await claimsOf(order.id))[0];
      if (claim.status === "replaced") {
        expect(codesOf(order)).not.toEqual(codesOf(bought[i].order));
        expect(claim.replacedItems).toHaveLength(1);
        expect(toOrderRecord(order).claim).toEqual({ id: claim.id, status: "replaced" });
      } else {
        expect(codesOf(order)).toEqual(codesOf(bought[i].order));
        expect(claim.status).toBe("open");
      }
    }
  });

  it("refunds in parts, each a refund transaction naming the claim, never more than the charge", async () => {
    const { user, order } = await deliveredOrder("gc-claim", 5_000_000n);
    expect(await balanceOf(user.id)).toBe(0n);
    const first = await open(user, order);
    await refundClaim(db(), { claimId: first.id, adminId: ann.id, amount: 2_000_000n });
    const second = await open(user, order);
    await expect(refundClaim(db(), { claimId: second.id, adminId: ann.id, amount: 3_000_001n })).rejects.toMatchObject({
      code: "validation_error",
      message: "At most 3.00 of this order's charge is left to refund.",
    });
    expect((await getOrderForAdmin(db(), order.id)).status).toBe("completed");
    const done = await refundClaim(db(), { claimId: second.id, adminId: ann.id });
    expect(done).toMatchObject({ status: "refunded", refundAmount: 3_000_000n });
    expect(await balanceOf(user.id)).toBe(5_000_000n);
    expect((await getOrderForAdmin(db(), order.id)).status).toBe("refunded");
    const refunds = await db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, order.id), eq(ledgerEntries.type, "refund")))
      .orderBy(ledgerEntries.id);
    expect(refunds.map((entry) => [entry.amount, entry.claimId])).toEqual([
      [2_000_000n, first.id],
      [3_000_000n, second.id],
    ]);
    const resolved = await db()
      .select()
      .from(events)
      .where(and(eq(events.userId, user.id), eq(events.type, "order.claim.resolved")));
    expect(resolved.map((event) => event.data.amount).sort()).toEqual(["2.00", "3.00"]);
  });

  it("a claim's refund racing the admin's refund of the order never returns more than the charge", async () => {
    for (let round = 0; round < 4; round++) {
      const { user, order } = await deliveredOrder("gc-claim", 5_000_000n);
      const claim = await open(user, order);
      await Promise.allSettled([
        refundClaim(db(), { claimId: claim.id, adminId: ann.id, amount: 1_500_000n }),
        refundCompletedOrder(db(), order.id, ben.id, "Refunded by support"),
      ]);
      expect(await balanceOf(user.id)).toBe(5_000_000n);
    }
  });

  it("of two admins resolving one claim at once, exactly one wins and the other is told who", async () => {
    for (let round = 0; round < 3; round++) {
      const { user, order } = await deliveredOrder("gc-claim", 5_000_000n);
      const claim = await open(user, order);
      const outcomes = await Promise.allSettled([
        refundClaim(db(), { claimId: claim.id, adminId: ann.id }),
        rejectClaim(db(), { claimId: claim.id, adminId: ben.id, note: "The code was redeemed by your customer." }),
      ]);
      expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
      const [stored] = await claimsOf(order.id);
      const winner = stored.resolvedBy === ann.id ? ann : ben;
      const refused = outcomes.find((outcome) => outcome.status === "rejected") as PromiseRejectedResult;
      expect(refused.reason).toMatchObject({ code: "claim_conflict", details: { resolved_by: winner.email } });
      expect(refused.reason.message).toContain(`already ${stored.status} by ${winner.email}`);
      expect(await balanceOf(user.id)).toBe(stored.status === "refunded" ? 5_000_000n : 0n);
      const resolvedEvents = await db()
        .select()
        .from(events)
        .where(and(eq(events.userId, user.id), eq(events.type, "order.claim.resolved")));
      expect(resolvedEvents).toHaveLength(1);
    }
  });

  it("is taken by one admin at a time, chats with the reseller, and is read-only once resolved", async () => {
    const { user, order } = await deliveredOrder();
    const claim = await open(user, order);
    const takes = await Promise.allSettled([takeClaim(db(), claim.id, ann.id), takeClaim(db(), claim.id, ben.id)]);
    expect(takes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const holder = (await claimsOf(order.id))[0].takenBy === ann.id ? ann : ben;
    const other = holder === ann ? ben : ann;
    expect((takes.find((outcome) => outcome.status === "rejected") as PromiseRejectedResult).reason.message).toContain(`${holder.email} has taken claim`);
    await expect(rejectClaim(db(), { claimId: claim.id, adminId: other.id, note: "no" })).rejects.toMatchObject({ code: "claim_conflict" });

    const taken = await getClaim(db(), user.id, claim.id);
    expect(taken.status).toBe("in_review");
    await postClaimMessage(db(), { claim: taken, author: "support", authorId: holder.id, text: "Send a screenshot of the error, please." });
    await postClaimMessage(db(), { claim: taken, author: "reseller", authorId: user.id, text: "Attached above." });
    const updates = await db()
      .select()
      .from(events)
      .where(and(eq(events.userId, user.id), eq(events.type, "order.claim.updated")));
    expect(updates.map((event) => event.data.change).sort()).toEqual(["message", "status"]);

    expect(await claimCounts(db())).toMatchObject({ open: expect.any(Number), overdue: expect.any(Number) });
    await rejectClaim(db(), { claimId: claim.id, adminId: holder.id, note: "The code was redeemed by your customer." });
    await expect(postClaimMessage(db(), { claim: taken, author: "reseller", authorId: user.id, text: "Why?" })).rejects.toMatchObject({
      code: "claim_conflict",
    });
    expect(toOrderRecord(await getOrderForAdmin(db(), order.id)).claim).toEqual({ id: claim.id, status: "rejected" });
  });

  it("queues open claims by time left, overdue first, and counts the overdue", async () => {
    const { user, order } = await deliveredOrder();
    const claim = await open(user, order);
    await db()
      .update(claims)
      .set({ respondBy: ago(3_600_000) })
      .where(eq(claims.id, claim.id));
    const queue = await claimsQueue(db(), { limit: 100 });
    expect(queue[0].claim.id).toBe(claim.id);
    const times = queue.map((row) => row.claim.respondBy.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect((await claimCounts(db())).overdue).toBeGreaterThanOrEqual(1);
  });

  it("delivers the claim events only to a webhook with extended events on; the seed's events go to both", async () => {
    const hook = { url: "https://hooks.example.com/in", enabled: true };
    const plain = await deliveredOrder();
    const extended = await deliveredOrder();
    await saveWebhook(
      db(),
      plain.user.id,
      hook,
      { userId: plain.user.id, apiKeyId: null, ip: null },
      { allowPrivate: true, resolver: async () => [{ address: "93.184.216.34", family: 4 }] },
    );
    await saveWebhook(
      db(),
      extended.user.id,
      { ...hook, extendedEvents: true },
      { userId: extended.user.id, apiKeyId: null, ip: null },
      { allowPrivate: true, resolver: async () => [{ address: "93.184.216.34", family: 4 }] },
    );
    const eventsQueued = async (userId: string) => {
      const rows = await db()
        .select({ type: events.type })
        .from(jobs)
        .innerJoin(events, sql`${events.id}::text = ${jobs.payload}->>'eventId'`)
        .where(eq(events.userId, userId));
      return rows.map((row) => row.type).sort();
    };
    for (const { user, order } of [plain, extended]) {
      const claim = await open(user, order);
      await refundClaim(db(), { claimId: claim.id, adminId: ann.id });
    }
    expect(await eventsQueued(plain.user.id)).toEqual(["order.status_changed"]);
    expect(await eventsQueued(extended.user.id)).toEqual(["order.claim.opened", "order.claim.resolved", "order.status_changed"]);
  });
});
