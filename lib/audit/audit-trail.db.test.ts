import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey, revokeApiKey } from "@/lib/api-keys/manage-keys";
import { totpCode } from "@/lib/auth/totp";
import { confirmTwoFactorSetup, disableTwoFactor, hasTwoFactor, startTwoFactorSetup } from "@/lib/auth/two-factor";
import type { Database, Db } from "@/lib/db/client";
import { apiKeys, auditLog, orders, payments, webhookEndpoints, type User } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { placeOrder } from "@/lib/orders/place-order";
import { placeBulkOrder } from "@/lib/orders/bulk-order";
import { resellerWithBalance, testProduct } from "@/lib/orders/testing/helpers";
import { createPayment } from "@/lib/payments/payments";
import { setAutoRenew } from "@/lib/subscriptions/set-auto-renew";
import { upgradeSubscription } from "@/lib/subscriptions/subscription";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { enableWebhook, regenerateWebhookSecret, saveWebhook } from "@/lib/webhooks/settings";
import type { AuditActor } from "./record";

const PASSWORD = "long-enough-password";
const IP = "198.51.100.23";
/** The webhook's host, resolved without DNS to a public address. */
const RESOLVE = { allowPrivate: false, resolver: async () => [{ address: "93.184.216.34", family: 4 as const }] };

/**
 * Each change the audit log records, made by a person in the panel or with a key: its row is written
 * with the change, names who made it and from where, and goes with the change when it rolls back.
 */
describe(`the audit trail of each change (${testDriver()})`, () => {
  let database: Database;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await ensureTariffs(db);
    await testProduct(db, { sku: "audit-gc", category: "giftcard", fulfilment: "manual", listPrice: 5_000_000n });
  });
  afterAll(async () => {
    await database.close();
  });

  const rowsOf = (accountId: string) => db.select().from(auditLog).where(eq(auditLog.accountId, accountId)).orderBy(auditLog.id);
  const person = (user: User): AuditActor => ({ userId: user.id, apiKeyId: null, ip: IP });
  /** A key of the account's, as the actor of a call made with it. */
  async function keyActor(user: User): Promise<AuditActor> {
    const { apiKey } = await createApiKey(db, { userId: user.id, name: "integration" });
    return { userId: user.id, apiKeyId: apiKey.id, ip: IP };
  }
  /** Runs the change inside a transaction that then fails, as a failure after the change would. */
  async function rolledBack(change: (tx: Db) => Promise<unknown>) {
    await expect(
      db.transaction(async (tx) => {
        await change(tx as unknown as Db);
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
  }
  const latest = async (accountId: string) => (await rowsOf(accountId)).at(-1)!;

  it("api_key.created and api_key.revoked, by the person who did it", async () => {
    const user = await resellerWithBalance(db, 0n);
    const { apiKey } = await createApiKey(db, { userId: user.id, name: "Shop", scopes: ["orders:read"], actor: person(user) });
    await revokeApiKey(db, user.id, apiKey.id, person(user));
    expect((await rowsOf(user.id)).map((row) => [row.action, row.subject, row.actorUserId, row.actorKeyId, row.ip, row.details])).toEqual([
      ["api_key.created", apiKey.id, user.id, null, IP, { name: "Shop", prefix: apiKey.prefix, scopes: ["orders:read"] }],
      ["api_key.revoked", apiKey.id, user.id, null, IP, { name: "Shop", prefix: apiKey.prefix }],
    ]);
    expect(apiKey.createdBy).toBe(user.id);

    const other = await resellerWithBalance(db, 0n);
    const { apiKey: kept } = await createApiKey(db, { userId: other.id, name: "Kept" });
    await rolledBack((tx) => createApiKey(tx, { userId: other.id, name: "Gone", actor: person(other) }));
    await rolledBack((tx) => revokeApiKey(tx, other.id, kept.id, person(other)));
    expect((await rowsOf(other.id)).map((row) => row.action)).toEqual(["api_key.created"]);
    expect(await db.select({ name: apiKeys.name, revokedAt: apiKeys.revokedAt }).from(apiKeys).where(eq(apiKeys.userId, other.id))).toEqual([
      { name: "Kept", revokedAt: null },
    ]);
  });

  it("webhook.changed and webhook.secret_rotated, with the key the call came with", async () => {
    const user = await resellerWithBalance(db, 0n);
    const actor = await keyActor(user);
    await saveWebhook(db, user.id, { url: "https://hooks.example/in", enabled: false }, actor, RESOLVE);
    await enableWebhook(db, user.id, actor);
    await regenerateWebhookSecret(db, user.id, actor);
    const rows = (await rowsOf(user.id)).filter((row) => row.action.startsWith("webhook."));
    expect(rows.map((row) => [row.action, row.actorUserId, row.actorKeyId, row.ip, row.details])).toEqual([
      ["webhook.changed", user.id, actor.apiKeyId, IP, { url: "https://hooks.example/in", enabled: false }],
      ["webhook.changed", user.id, actor.apiKeyId, IP, { url: "https://hooks.example/in", enabled: true }],
      ["webhook.secret_rotated", user.id, actor.apiKeyId, IP, {}],
    ]);

    const before = (await rowsOf(user.id)).length;
    const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, user.id));
    await rolledBack((tx) => saveWebhook(tx, user.id, { url: "https://hooks.example/other", enabled: true }, actor, RESOLVE));
    await rolledBack((tx) => regenerateWebhookSecret(tx, user.id, actor));
    expect(await rowsOf(user.id)).toHaveLength(before);
    expect((await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, user.id)))[0]).toMatchObject({
      url: endpoint.url,
      secretEncrypted: endpoint.secretEncrypted,
    });
  });

  it("order.placed: one row per order, through the API, the panel and a bulk order", async () => {
    const user = await resellerWithBalance(db, 100_000_000n);
    const actor = await keyActor(user);
    const { order } = await placeOrder(db, { user, sku: "audit-gc", quantity: 2, fields: {}, source: "api", actor });
    expect(await latest(user.id)).toMatchObject({
      action: "order.placed",
      subject: order.id,
      actorKeyId: actor.apiKeyId,
      ip: IP,
      details: { sku: "audit-gc", quantity: 2, total: "10.00", source: "api" },
    });
    const outcomes = await placeBulkOrder(
      db,
      user,
      [
        { line: 1, text: "audit-gc", sku: "audit-gc", quantity: 1, unitPrice: "5.00" },
        { line: 2, text: "audit-gc 3", sku: "audit-gc", quantity: 3, unitPrice: "5.00" },
      ],
      "audit-batch-1",
      async () => {},
      person(user),
    );
    const placed = (await rowsOf(user.id)).filter((row) => row.action === "order.placed");
    expect(placed.map((row) => [row.subject, row.actorUserId, row.actorKeyId])).toEqual([
      [order.id, user.id, actor.apiKeyId],
      ...outcomes.map((outcome) => ["orderId" in outcome ? outcome.orderId : null, user.id, null]),
    ]);

    // A replay under the same Idempotency-Key places nothing, and records nothing.
    await placeBulkOrder(
      db,
      user,
      [{ line: 1, text: "audit-gc", sku: "audit-gc", quantity: 1, unitPrice: "5.00" }],
      "audit-batch-1",
      async () => {},
      person(user),
    );
    expect((await rowsOf(user.id)).filter((row) => row.action === "order.placed")).toHaveLength(3);

    await rolledBack((tx) => placeOrder(tx, { user, sku: "audit-gc", quantity: 1, fields: {}, source: "panel", actor: person(user) }));
    expect((await rowsOf(user.id)).filter((row) => row.action === "order.placed")).toHaveLength(3);
    expect(await db.select({ id: orders.id }).from(orders).where(eq(orders.userId, user.id))).toHaveLength(3);
  });

  it("order.placed leaves no row when the order itself is refused after it was written (out of stock)", async () => {
    const user = await resellerWithBalance(db, 100_000_000n);
    await testProduct(db, { sku: "audit-empty-stock", category: "giftcard", fulfilment: "stock", listPrice: 1_000_000n });
    await expect(placeOrder(db, { user, sku: "audit-empty-stock", quantity: 1, fields: {}, source: "api", actor: person(user) })).rejects.toMatchObject({
      code: "out_of_stock",
    });
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it("topup.created, with the invoice and its amount", async () => {
    const user = await resellerWithBalance(db, 0n);
    const { payment } = await createPayment(db, user.id, 25_000_000n, person(user));
    expect(await latest(user.id)).toMatchObject({ action: "topup.created", subject: payment.id, actorUserId: user.id, ip: IP, details: { amount: "25.00" } });
    await rolledBack((tx) => createPayment(tx, user.id, 30_000_000n, person(user)));
    expect((await rowsOf(user.id)).map((row) => row.action)).toEqual(["topup.created"]);
    expect(await db.select({ id: payments.id }).from(payments).where(eq(payments.userId, user.id))).toHaveLength(1);
  });

  it("subscription.changed, for an upgrade and for auto-renew", async () => {
    const user = await resellerWithBalance(db, 500_000_000n);
    const actor = await keyActor(user);
    const { charged } = await upgradeSubscription(db, user.id, "Silver", actor);
    await setAutoRenew(db, user.id, false, person(user));
    const rows = (await rowsOf(user.id)).filter((row) => row.action === "subscription.changed");
    expect(rows.map((row) => [row.actorKeyId, row.details])).toEqual([
      [actor.apiKeyId, { change: "upgrade", tier: "Silver", charged: (Number(charged) / 1e6).toFixed(2) }],
      [null, { change: "auto_renew", auto_renew: false }],
    ]);
    await rolledBack((tx) => upgradeSubscription(tx, user.id, "Gold", actor));
    await rolledBack((tx) => setAutoRenew(tx, user.id, true, person(user)));
    expect((await rowsOf(user.id)).filter((row) => row.action === "subscription.changed")).toHaveLength(2);
  });

  it("two_factor.enabled and two_factor.disabled, by the person", async () => {
    const user = await resellerWithBalance(db, 0n);
    const now = Date.now();
    const { secret } = await startTwoFactorSetup(db, user.id);
    await rolledBack((tx) =>
      confirmTwoFactorSetup(tx, { userId: user.id, code: totpCode(secret, now), password: PASSWORD, actor: person(user), now: () => now }),
    );
    expect(await hasTwoFactor(db, user.id)).toBe(false);
    expect(await rowsOf(user.id)).toEqual([]);

    const { recoveryCodes } = await confirmTwoFactorSetup(db, {
      userId: user.id,
      code: totpCode(secret, now),
      password: PASSWORD,
      actor: person(user),
      now: () => now,
    });
    await rolledBack((tx) => disableTwoFactor(tx, { userId: user.id, code: recoveryCodes[0], password: PASSWORD, actor: person(user) }));
    expect(await hasTwoFactor(db, user.id)).toBe(true);
    await disableTwoFactor(db, { userId: user.id, code: recoveryCodes[1], password: PASSWORD, actor: person(user) });
    expect((await rowsOf(user.id)).map((row) => [row.action, row.actorUserId, row.ip])).toEqual([
      ["two_factor.enabled", user.id, IP],
      ["two_factor.disabled", user.id, IP],
    ]);
  });
});
