import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/api-keys/manage-keys";
import { verifyPassword } from "@/lib/auth/password";
import { sessionStillValid } from "@/lib/auth/session-validity";
import { totpCode } from "@/lib/auth/totp";
import { confirmTwoFactorSetup, hasTwoFactor, startTwoFactorSetup } from "@/lib/auth/two-factor";
import type { Database, Db } from "@/lib/db/client";
import { accountTokens, mailMessages, notifications, users } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { AppError } from "@/lib/errors/app-error";
import { runDueJobsOnce } from "@/lib/jobs/worker";
import { adjustBalance } from "@/lib/ledger/adjust-balance";
import "@/lib/mail/send-job";
import { startSmtpCatcher, type SmtpCatcher } from "@/lib/mail/testing/smtp-catcher";
import { placeOrder } from "@/lib/orders/place-order";
import { testProduct } from "@/lib/orders/testing/helpers";
import { requestEmailChange } from "./change-email";
import { createUser } from "./create-user";
import { confirmEmail } from "./email-verification";
import { findUserByEmail } from "./get-user";
import { RESET_REQUESTED, requestPasswordReset, resetPassword } from "./password-reset";
import { registerReseller } from "./register";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { accountActor } from "@/lib/audit/record";

const quiet = () => {};
const resetConfig = () => delete (globalThis as { __appConfig?: unknown }).__appConfig;
let ipCounter = 0;
/** Each case its own client IP, so the per-IP limits of one do not spill into the next. */
const freshIp = () => `198.51.100.${++ipCounter}`;
const linkToken = (text: string, path: string) => new URL(text.match(new RegExp(`https?://\\S+${path}\\?token=\\S+`))![0]).searchParams.get("token")!;

describe(`account recovery and addresses (${testDriver()})`, () => {
  let database: Database;
  let db: Db;
  let smtp: SmtpCatcher;
  const saved = { SMTP_URL: process.env.SMTP_URL, REQUIRE_EMAIL_VERIFICATION: process.env.REQUIRE_EMAIL_VERIFICATION };
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await ensureTariffs(db);
    smtp = await startSmtpCatcher();
    process.env.SMTP_URL = smtp.url;
    resetConfig();
  });
  afterEach(() => {
    delete process.env.REQUIRE_EMAIL_VERIFICATION;
    process.env.SMTP_URL = smtp.url;
    resetConfig();
  });
  afterAll(async () => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetConfig();
    await smtp.close();
    await database.close();
  });
  const deliver = () => runDueJobsOnce(db, "accounts-test", { log: quiet });
  const mailCount = () => db.$count(mailMessages);
  const securityNotices = (userId: string) =>
    db.select({ title: notifications.title, body: notifications.body }).from(notifications).where(eq(notifications.userId, userId));

  it("mails a single-use reset link that sets the password, ends every session and keeps two-factor on", async () => {
    const user = await createUser(db, { email: "reset@example.com", password: "the-old-password" });
    const { secret } = await startTwoFactorSetup(db, user.id);
    await confirmTwoFactorSetup(db, { userId: user.id, actor: accountActor(user.id), code: totpCode(secret, Date.now()), password: "the-old-password" });
    await requestPasswordReset(db, { email: "Reset@Example.com".toLowerCase(), ip: freshIp() });
    await deliver();
    const mail = await smtp.waitFor("reset@example.com", /Reset your password/);
    expect(mail.html).toContain("/reset-password?token=");
    const token = linkToken(mail.text, "/reset-password");

    const [stored] = await db.select().from(accountTokens).where(eq(accountTokens.userId, user.id));
    expect(stored.tokenHash).not.toContain(token);
    expect(JSON.stringify(stored)).not.toContain(token);

    const signedInBefore = Date.now() - 1000;
    expect(await resetPassword(db, { token, password: "a-brand-new-password" })).toBe("valid");
    const after = (await findUserByEmail(db, "reset@example.com"))!;
    expect(await verifyPassword(after.passwordHash, "a-brand-new-password")).toBe(true);
    expect(sessionStillValid(after, { issuedAt: signedInBefore, ended: false })).toBe(false);
    expect(await hasTwoFactor(db, user.id)).toBe(true);
    expect(await securityNotices(user.id)).toContainEqual({ title: "Your password was changed", body: expect.stringContaining("with a reset link") });

    // The same link again: used, and the password stays the new one.
    expect(await resetPassword(db, { token, password: "someone-elses-password" })).toBe("used");
    expect(await verifyPassword((await findUserByEmail(db, "reset@example.com"))!.passwordHash, "a-brand-new-password")).toBe(true);
  });

  it("refuses an expired link, and a link replaced by a newer one", async () => {
    await createUser(db, { email: "expiry@example.com", password: "the-old-password" });
    await requestPasswordReset(db, { email: "expiry@example.com", ip: freshIp() });
    await deliver();
    const first = linkToken((await smtp.waitFor("expiry@example.com")).text, "/reset-password");
    await db.update(accountTokens).set({ expiresAt: sql`now() - interval '1 second'` });
    expect(await resetPassword(db, { token: first, password: "a-brand-new-password" })).toBe("expired");

    await requestPasswordReset(db, { email: "expiry@example.com", ip: freshIp() });
    const [{ expiresAt }] = await db.select({ expiresAt: sql<Date>`max(${accountTokens.expiresAt})` }).from(accountTokens);
    const minutes = (new Date(expiresAt).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
    await deliver();
    await requestPasswordReset(db, { email: "expiry@example.com", ip: freshIp() });
    await deliver();
    const [older, newest] = smtp.mails.filter((m) => m.to.includes("expiry@example.com")).slice(-2);
    expect(await resetPassword(db, { token: linkToken(older.text, "/reset-password"), password: "a-brand-new-password" })).toBe("used");
    expect(await resetPassword(db, { token: linkToken(newest.text, "/reset-password"), password: "a-brand-new-password" })).toBe("valid");
    expect(await resetPassword(db, { token: "x".repeat(43), password: "a-brand-new-password" })).toBe("unknown");
    expect(await resetPassword(db, { token: "not a token at all", password: "a-brand-new-password" })).toBe("unknown");
    await expect(resetPassword(db, { token: first, password: "short" })).rejects.toMatchObject({
      code: "validation_error",
      message: "Use at least 10 characters.",
    });
  });

  it("answers a known and an unknown address alike, counting both against the same limits", async () => {
    await createUser(db, { email: "known@example.com", password: "the-old-password" });
    const before = await mailCount();
    await expect(requestPasswordReset(db, { email: "known@example.com", ip: freshIp() })).resolves.toBeUndefined();
    await expect(requestPasswordReset(db, { email: "unknown@example.com", ip: freshIp() })).resolves.toBeUndefined();
    expect(await mailCount()).toBe(before + 1);
    expect(RESET_REQUESTED).toMatch(/^If an account uses this address/);

    // Per address: the sixth request within the hour is refused, for an address with or without an account.
    for (const email of ["known@example.com", "unknown@example.com"]) {
      const refusals: unknown[] = [];
      for (let i = 0; i < 5; i++) await requestPasswordReset(db, { email, ip: freshIp() }).catch((error: unknown) => refusals.push(error));
      expect(refusals.map((e) => (e as AppError).code)).toEqual(["rate_limited"]);
    }
    // Per IP: one address after another from one client.
    const ip = freshIp();
    let refused: AppError | undefined;
    for (let i = 0; i < 11 && !refused; i++)
      await requestPasswordReset(db, { email: `probe-${i}@example.com`, ip }).catch((error: AppError) => (refused = error));
    expect(refused).toMatchObject({
      code: "rate_limited",
      message: expect.stringMatching(/^Too many requests for account mail\. Try again in \d+ minutes?\.$/),
    });
  });

  it("registers a taken address as it does a new one, mailing the owner instead of making an account", async () => {
    await createUser(db, { email: "owner@example.com", password: "the-owners-password" });
    const accounts = await db.$count(users);
    await expect(registerReseller(db, { name: "Someone", email: "owner@example.com", password: "another-password", ip: freshIp() })).resolves.toBeUndefined();
    await expect(registerReseller(db, { name: "Newcomer", email: "new@example.com", password: "another-password", ip: freshIp() })).resolves.toBeUndefined();
    expect(await db.$count(users)).toBe(accounts + 1);
    await deliver();
    const warning = await smtp.waitFor("owner@example.com", /Someone tried to register with your address/);
    expect(warning.text).toContain("/forgot-password");
    expect(await verifyPassword((await findUserByEmail(db, "owner@example.com"))!.passwordHash, "the-owners-password")).toBe(true);
    await smtp.waitFor("new@example.com", /Confirm your email address/);

    // Each sends a mail: past 5 an hour for one address, refused alike whether it is taken or not.
    for (const email of ["owner@example.com", "never-registered@example.com"]) {
      const outcomes: string[] = [];
      for (let i = 0; i < 6; i++) {
        outcomes.push(
          await registerReseller(db, { name: "Again", email, password: "another-password", ip: freshIp() }).then(
            () => "ok",
            (error: AppError) => error.code,
          ),
        );
      }
      expect(outcomes.slice(-2)).toEqual(email === "owner@example.com" ? ["rate_limited", "rate_limited"] : ["ok", "rate_limited"]);
    }
  });

  it("keeps an unconfirmed account from buying and making API keys until it follows its link", async () => {
    process.env.REQUIRE_EMAIL_VERIFICATION = "1";
    resetConfig();
    await registerReseller(db, { name: "Gated", email: "gated@example.com", password: "a-long-password", ip: freshIp() });
    const user = (await findUserByEmail(db, "gated@example.com"))!;
    expect(user.emailVerifiedAt).toBeNull();
    await adjustBalance(db, { userId: user.id, amount: 50_000_000n, note: "test balance" });
    const product = await testProduct(db, { sku: "GATE-1", category: "giftcard", fulfilment: "manual", listPrice: 1_000_000n });
    const order = () => placeOrder(db, { user, sku: product.sku, quantity: 1, fields: {}, source: "panel" });
    await expect(order()).rejects.toMatchObject({ code: "forbidden", details: { reason: "email_not_verified" } });
    await expect(createApiKey(db, { userId: user.id, name: "first" })).rejects.toMatchObject({ code: "forbidden" });

    await deliver();
    const token = linkToken((await smtp.waitFor("gated@example.com", /Confirm your email/)).text, "/verify-email");
    expect(await confirmEmail(db, token)).toEqual({ state: "confirmed", email: "gated@example.com" });
    expect(await confirmEmail(db, token)).toEqual({ state: "used" });
    await expect(order()).resolves.toMatchObject({ order: { sku: "GATE-1" } });
    await expect(createApiKey(db, { userId: user.id, name: "first" })).resolves.toMatchObject({ apiKey: { name: "first" } });
  });

  it("does not ask confirmation when it is off, and counts accounts made by an operator as confirmed", async () => {
    process.env.REQUIRE_EMAIL_VERIFICATION = "0";
    resetConfig();
    await registerReseller(db, { name: "Demo", email: "demo-mode@example.com", password: "a-long-password", ip: freshIp() });
    expect((await findUserByEmail(db, "demo-mode@example.com"))!.emailVerifiedAt).not.toBeNull();
    expect((await createUser(db, { email: "by-cli@example.com", password: "a-long-password" })).emailVerifiedAt).not.toBeNull();
  });

  it("changes the address once the new one is confirmed, and tells the old one", async () => {
    const user = await createUser(db, { email: "old@example.com", password: "the-password-1" });
    await expect(
      requestEmailChange(db, { userId: user.id, newEmail: "new-home@example.com", currentPassword: "wrong-password", ip: freshIp() }),
    ).rejects.toMatchObject({
      code: "validation_error",
      details: { issues: [{ path: "currentPassword" }] },
    });
    await requestEmailChange(db, { userId: user.id, newEmail: "new-home@example.com", currentPassword: "the-password-1", ip: freshIp() });
    await deliver();
    const notice = await smtp.waitFor("old@example.com", /email address is changing/);
    expect(notice.text).toContain("new-home@example.com");
    expect((await findUserByEmail(db, "old@example.com"))!.id).toBe(user.id);
    const token = linkToken((await smtp.waitFor("new-home@example.com", /Confirm your email/)).text, "/verify-email");
    expect(await confirmEmail(db, token)).toEqual({ state: "confirmed", email: "new-home@example.com" });
    expect(await findUserByEmail(db, "old@example.com")).toBeNull();
    expect((await findUserByEmail(db, "new-home@example.com"))!.id).toBe(user.id);
    expect(await securityNotices(user.id)).toContainEqual({
      title: "Your email address was changed",
      body: expect.stringContaining("from old@example.com to new-home@example.com"),
    });

    // An address another account holds gets no link, and the answer is the same.
    const before = smtp.mails.length;
    await expect(
      requestEmailChange(db, { userId: user.id, newEmail: "reset@example.com", currentPassword: "the-password-1", ip: freshIp() }),
    ).resolves.toBeUndefined();
    await deliver();
    await smtp.waitFor("new-home@example.com", /email address is changing/);
    expect(smtp.mails.slice(before).some((m) => m.to.includes("reset@example.com"))).toBe(false);
  });
});
