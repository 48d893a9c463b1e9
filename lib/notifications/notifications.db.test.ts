import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setLowBalanceThreshold } from "@/lib/accounts/low-balance";
import { recordSignInAddress } from "@/lib/auth/sign-in-address";
import type { Database, Db } from "@/lib/db/client";
import { jobs, mailMessages, notifications, type NotificationKind } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { postLedgerEntry } from "@/lib/ledger/post-entry";
import { placeOrder } from "@/lib/orders/place-order";
import { resellerWithBalance, testAdmin, testProduct } from "@/lib/orders/testing/helpers";
import { failOrder } from "@/lib/orders/transitions";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { countDeliveryFailure, countDeliverySuccess, saveWebhook } from "@/lib/webhooks/settings";
import { announce } from "./announce";
import { EMAIL_DIGEST_JOB, MIN_EMAIL_GAP_MS, sendEmailDigest } from "./email-digest";
import { countUnread, listNotifications, markAllNotificationsRead, markNotificationRead } from "./list-notifications";
import { notify } from "./notify";
import { getPreferences, setPreferences } from "./preferences";
import { accountActor } from "@/lib/audit/record";

const ALLOW = { allowPrivate: true, resolver: async () => [{ address: "93.184.216.34", family: 4 as const }] };

describe(`notifications (${testDriver()})`, () => {
  let database: Database;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await ensureTariffs(db);
    await testProduct(db, { sku: "ntf-svc", category: "manual", fulfilment: "manual", listPrice: 3_000_000n });
  });
  afterAll(async () => {
    await database.close();
  });

  const kindsOf = async (userId: string, kind?: NotificationKind) =>
    db
      .select({ kind: notifications.kind, body: notifications.body, emailPending: notifications.emailPending })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), kind ? eq(notifications.kind, kind) : undefined));
  const digestJobs = async (userId: string) => {
    const [row] = await db
      .select({ n: count() })
      .from(jobs)
      .where(and(eq(jobs.kind, EMAIL_DIGEST_JOB), eq(jobs.dedupeKey, `notification-email:${userId}`), eq(jobs.status, "pending")));
    return row.n;
  };
  const mailsTo = (email: string) => db.select().from(mailMessages).where(eq(mailMessages.toAddress, email));

  it("writes an order's failure notice with its refund in the same transaction, and none when that transaction rolls back", async () => {
    const reseller = await resellerWithBalance(db, 50_000_000n);
    const { order } = await placeOrder(db, { user: reseller, sku: "ntf-svc", quantity: 1, fields: {}, source: "api" });
    await expect(
      db.transaction(async (tx) => {
        await failOrder(tx, order.id, "supplier out of stock");
        throw new Error("the change rolls back");
      }),
    ).rejects.toThrow("the change rolls back");
    expect(await kindsOf(reseller.id)).toEqual([]);
    expect(await digestJobs(reseller.id)).toBe(0);

    await db.transaction((tx) => failOrder(tx, order.id, "supplier out of stock"));
    const [notice] = await kindsOf(reseller.id);
    expect(notice).toMatchObject({ kind: "order_failed", emailPending: true });
    expect(notice.body).toContain("supplier out of stock");
    expect(notice.body).toContain("3.00 USD went back to your balance");
    expect(await digestJobs(reseller.id)).toBe(1);
  });

  it("sends a burst of 500 notifications as one digest email, and holds the next email until the gap is over", async () => {
    const reseller = await resellerWithBalance(db, 0n);
    for (let i = 0; i < 500; i++) {
      await db.transaction((tx) =>
        notify(tx, {
          userId: reseller.id,
          kind: "order_failed",
          orderId: `ord_${i}`,
          productName: "Gift card",
          reason: "upstream refused",
          refunded: 1_000_000n,
        }),
      );
    }
    expect(await digestJobs(reseller.id)).toBe(1);

    const now = new Date();
    expect(await sendEmailDigest(db, reseller.id, now)).toBeUndefined();
    const mails = await mailsTo(reseller.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/^500 notifications: /);
    expect(mails[0].textBody).toContain("ord_0 failed");
    expect(mails[0].textBody).toContain("ord_499 failed");
    expect((await kindsOf(reseller.id)).every((n) => !n.emailPending)).toBe(true);

    await db.transaction((tx) => notify(tx, { userId: reseller.id, kind: "security", event: "password_changed" }));
    const later = await sendEmailDigest(db, reseller.id, new Date(now.getTime() + 60_000));
    expect(later).toEqual({ retryInMs: MIN_EMAIL_GAP_MS - 60_000 });
    expect(await mailsTo(reseller.email)).toHaveLength(1);
    await sendEmailDigest(db, reseller.id, new Date(now.getTime() + MIN_EMAIL_GAP_MS));
    const [, single] = await mailsTo(reseller.email);
    expect(single.subject).toBe("Your password was changed");
  });

  it("tells of a low balance once per crossing of the reseller's own threshold", async () => {
    const reseller = await resellerWithBalance(db, 20_000_000n);
    const move = (amount: bigint) => db.transaction((tx) => postLedgerEntry(tx, { userId: reseller.id, type: "adjustment", amount, description: "test" }));
    await move(-5_000_000n); // 15.00: above the default 10.00
    expect(await kindsOf(reseller.id, "low_balance")).toHaveLength(0);
    await move(-6_000_000n); // 9.00: crossed
    await move(-1_000_000n); // 8.00: still below, no second notice
    expect(await kindsOf(reseller.id, "low_balance")).toHaveLength(1);
    await move(10_000_000n); // 18.00: back above
    await move(-10_000_000n); // 8.00: crossed again
    const notices = await kindsOf(reseller.id, "low_balance");
    expect(notices).toHaveLength(2);
    expect(notices[1].body).toContain("Your balance is 8.00 USD, below your threshold of 10.00 USD");

    await setLowBalanceThreshold(db, reseller.id, 0n);
    await move(-8_000_000n);
    expect(await kindsOf(reseller.id, "low_balance")).toHaveLength(2);
    await setLowBalanceThreshold(db, reseller.id, 5_000_000n);
    await move(3_000_000n);
    await move(-2_000_000n); // 1.00 from 3.00: already below 5.00, nothing crossed
    expect(await kindsOf(reseller.id, "low_balance")).toHaveLength(2);
  });

  it("tells of a failing webhook once per streak of failures, and of its disabling with how to re-enable it", async () => {
    const reseller = await resellerWithBalance(db, 0n);
    await saveWebhook(db, reseller.id, { url: "https://hooks.example.com/in", enabled: true }, accountActor(reseller.id), ALLOW);
    const fail = (times: number) =>
      db.transaction(async (tx) =>
        Array.from({ length: times }).reduce<Promise<unknown>>((p) => p.then(() => countDeliveryFailure(tx, reseller.id)), Promise.resolve()),
      );
    await fail(15);
    expect(await kindsOf(reseller.id, "webhook_failing")).toHaveLength(1);
    await countDeliverySuccess(db, reseller.id);
    await fail(9);
    expect(await kindsOf(reseller.id, "webhook_failing")).toHaveLength(1);
    await fail(41); // 50 in this streak: the 10th tells of it, the 50th disables
    expect(await kindsOf(reseller.id, "webhook_failing")).toHaveLength(2);
    const [disabled, ...more] = await kindsOf(reseller.id, "webhook_disabled");
    expect(more).toEqual([]);
    expect(disabled.body).toContain("turn the webhook on again on the Webhooks page");
    await fail(5); // already off: not counted, no more notices
    expect(await kindsOf(reseller.id)).toHaveLength(3);
  });

  it("keeps mandatory kinds emailed whatever the preferences say", async () => {
    const reseller = await resellerWithBalance(db, 0n);
    await expect(setPreferences(db, reseller.id, { security: false })).rejects.toMatchObject({
      code: "validation_error",
      details: { issues: [{ path: "security", message: "Security emails cannot be turned off." }] },
    });
    const preferences = await getPreferences(db, reseller.id);
    expect(preferences.find((p) => p.kind === "security")).toMatchObject({ email: true, mandatory: true });
    expect(preferences.find((p) => p.kind === "webhook_disabled")).toMatchObject({ email: true, mandatory: true });
    expect(preferences.find((p) => p.kind === "subscription_renewal_failed")).toMatchObject({ email: true, mandatory: true });
  });

  it("emails only the kinds the reseller left on, and lists every kind in the panel", async () => {
    const reseller = await resellerWithBalance(db, 0n);
    await setPreferences(db, reseller.id, { order_failed: false, announcement: true });
    expect((await getPreferences(db, reseller.id)).find((p) => p.kind === "order_failed")).toMatchObject({ email: false, mandatory: false });
    await db.transaction((tx) =>
      notify(tx, { userId: reseller.id, kind: "order_failed", orderId: "ord_x", productName: "Gift card", reason: "refused", refunded: 1n }),
    );
    expect(await kindsOf(reseller.id)).toEqual([expect.objectContaining({ kind: "order_failed", emailPending: false })]);
    expect(await digestJobs(reseller.id)).toBe(0);
    await db.transaction((tx) => notify(tx, { userId: reseller.id, kind: "security", event: "api_key_created", detail: "shop, rk_live_ab…" }));
    expect(await digestJobs(reseller.id)).toBe(1);

    expect(await countUnread(db, reseller.id)).toBe(2);
    const page = await listNotifications(db, reseller.id, { limit: 10 });
    expect(page.data.map((n) => n.title)).toEqual(["API key created", "Order ord_x failed"]);
    expect(await markNotificationRead(db, reseller.id, page.data[1].id)).toMatchObject({ id: page.data[1].id, read: true });
    const stranger = await resellerWithBalance(db, 0n);
    expect(await markNotificationRead(db, stranger.id, page.data[0].id)).toBeNull();
    expect(await countUnread(db, reseller.id)).toBe(1);
    expect(await markAllNotificationsRead(db, reseller.id)).toBe(1);
    expect(await countUnread(db, reseller.id)).toBe(0);
  });

  it("delivers an admin's announcement to every active reseller", async () => {
    const admin = await testAdmin(db);
    const reseller = await resellerWithBalance(db, 0n);
    const { recipients } = await announce(db, admin.id, { title: "Maintenance on Sunday", body: "The API pauses 02:00-02:15 UTC." });
    expect(recipients).toBeGreaterThan(0);
    expect(await kindsOf(reseller.id, "announcement")).toEqual([expect.objectContaining({ body: "The API pauses 02:00-02:15 UTC." })]);
    expect(await kindsOf(admin.id)).toEqual([]);
  });

  it("tells of a sign-in from an address the account never used, but not of its first sign-in", async () => {
    const reseller = await resellerWithBalance(db, 0n);
    await recordSignInAddress(db, reseller.id, "203.0.113.7");
    await recordSignInAddress(db, reseller.id, "203.0.113.7");
    expect(await kindsOf(reseller.id, "security")).toHaveLength(0);
    await recordSignInAddress(db, reseller.id, "198.51.100.20");
    const [notice, ...more] = await kindsOf(reseller.id, "security");
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ emailPending: true });
    expect(notice.body).toContain("signed in to the panel from 198.51.100.20, an address it never used before");
  });
});
