import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createUser } from "@/lib/accounts/create-user";
import { getUserOrThrow } from "@/lib/accounts/get-user";
import { decryptSecret } from "@/lib/crypto/encryption";
import type { Database, Db } from "@/lib/db/client";
import { twoFactor, twoFactorRecoveryCodes } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { AppError } from "@/lib/errors/app-error";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { sessionStillValid } from "./session-validity";
import { hashRecoveryCode, totpCode } from "./totp";
import { WRONG_CODE } from "./two-factor-messages";
import {
  confirmTwoFactorSetup,
  disableTwoFactor,
  hasTwoFactor,
  regenerateRecoveryCodes,
  resetTwoFactor,
  spendSecondFactor,
  startTwoFactorSetup,
  twoFactorStatus,
} from "./two-factor";
import { accountActor } from "@/lib/audit/record";

/** Runs after each password check, so that a test can hold requests there and let them go on together. */
const afterPasswordCheck = vi.hoisted(() => ({ wait: null as (() => Promise<void>) | null }));
vi.mock("./password", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./password")>();
  return {
    ...actual,
    async verifyPassword(passwordHash: string, password: string) {
      const right = await actual.verifyPassword(passwordHash, password);
      await afterPasswordCheck.wait?.();
      return right;
    },
  };
});

/** Runs `requests` with each held after its password check until all have passed theirs: as close to "at once" as two requests get. */
async function atOnce<T>(requests: (() => Promise<T>)[]): Promise<PromiseSettledResult<T>[]> {
  let arrived = 0;
  let release = () => {};
  const together = new Promise<void>((resolve) => (release = resolve));
  afterPasswordCheck.wait = () => {
    arrived += 1;
    if (arrived === requests.length) release();
    return together;
  };
  try {
    return await Promise.allSettled(requests.map((request) => request()));
  } finally {
    afterPasswordCheck.wait = null;
  }
}

const PASSWORD = "the-right-password-1";
const T = 1_800_000_000_000;
const later = (steps: number) => T + steps * 30_000;

describe(`two-factor sign-in (${testDriver()})`, () => {
  let database: Database;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await ensureTariffs(db);
  });
  afterAll(async () => {
    await database.close();
  });

  let n = 0;
  const newAccount = () => createUser(db, { email: `two-factor-${Date.now()}-${n++}@test.dev`, password: PASSWORD });

  /** The recovery codes an account has, as stored. */
  const storedHashes = async (userId: string) =>
    (await db.select({ codeHash: twoFactorRecoveryCodes.codeHash }).from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId)))
      .map((row) => row.codeHash)
      .sort();

  /** An account with two-factor sign-in on since T, its secret, and its recovery codes. */
  async function enrolled() {
    const user = await newAccount();
    const { secret } = await startTwoFactorSetup(db, user.id);
    const { recoveryCodes } = await confirmTwoFactorSetup(db, {
      userId: user.id,
      actor: accountActor(user.id),
      code: totpCode(secret, T),
      password: PASSWORD,
      now: () => T,
    });
    return { user, secret, recoveryCodes };
  }

  it("turns on only with a code of the new secret and the password, stores the secret encrypted, and ends earlier sessions", async () => {
    const user = await newAccount();
    await expect(confirmTwoFactorSetup(db, { userId: user.id, actor: accountActor(user.id), code: "123456", password: PASSWORD })).rejects.toMatchObject({
      message: expect.stringMatching(/^Start the set-up first/),
    });

    const { secret, uri } = await startTwoFactorSetup(db, user.id);
    expect(uri).toContain(`secret=${secret}`);
    const [stored] = await db.select().from(twoFactor).where(eq(twoFactor.userId, user.id));
    expect(stored.secretEncrypted).not.toContain(secret);
    expect(decryptSecret(stored.secretEncrypted)).toBe(secret);
    // Started is not on: the sign-in still takes the password alone.
    expect(await hasTwoFactor(db, user.id)).toBe(false);
    expect(await twoFactorStatus(db, user.id)).toBeNull();

    await expect(
      confirmTwoFactorSetup(db, { userId: user.id, actor: accountActor(user.id), code: totpCode(secret, T), password: "not-the-password", now: () => T }),
    ).rejects.toMatchObject({
      details: { issues: [{ path: "password", message: "The password is wrong." }] },
    });
    await expect(
      confirmTwoFactorSetup(db, { userId: user.id, actor: accountActor(user.id), code: totpCode(secret, later(-3)), password: PASSWORD, now: () => T }),
    ).rejects.toMatchObject({
      details: { issues: [{ path: "code", message: expect.stringMatching(/^That code is wrong/) }] },
    });
    expect(await hasTwoFactor(db, user.id)).toBe(false);

    const { recoveryCodes, sessionsValidAfter } = await confirmTwoFactorSetup(db, {
      userId: user.id,
      actor: accountActor(user.id),
      code: totpCode(secret, T),
      password: PASSWORD,
      now: () => T,
    });
    expect(recoveryCodes).toHaveLength(10);
    expect(sessionsValidAfter.getTime()).toBe(T);
    expect((await getUserOrThrow(db, user.id)).sessionsValidAfter?.getTime()).toBe(T);
    expect(await twoFactorStatus(db, user.id)).toEqual({ enabledAt: new Date(T), recoveryCodesLeft: 10 });
    expect(await storedHashes(user.id)).toEqual(recoveryCodes.map(hashRecoveryCode).sort());

    // The confirming code is spent, and a second set-up is refused while it is on.
    expect(await spendSecondFactor(db, user.id, totpCode(secret, T), T)).toBe(false);
    await expect(startTwoFactorSetup(db, user.id)).rejects.toMatchObject({ message: "Two-factor sign-in is already on." });
  });

  it("ends a session signed in with the password alone while it was being turned on, and not the one it renews", async () => {
    const user = await newAccount();
    const { secret } = await startTwoFactorSetup(db, user.id);
    const confirming = confirmTwoFactorSetup(db, { userId: user.id, actor: accountActor(user.id), code: totpCode(secret, Date.now()), password: PASSWORD });
    // Stamped while the password is being checked, by a sign-in that read two-factor sign-in as still off.
    const passwordOnly = Date.now();
    const { sessionsValidAfter } = await confirming;
    const account = await getUserOrThrow(db, user.id);
    expect(sessionStillValid(account, { issuedAt: passwordOnly, ended: false })).toBe(false);
    expect(sessionStillValid(account, { issuedAt: sessionsValidAfter.getTime(), ended: false })).toBe(true);
  });

  it("takes each app code once, even twice at the same moment, and each recovery code once", async () => {
    const { user, secret, recoveryCodes } = await enrolled();
    const next = totpCode(secret, later(1));
    const both = await Promise.all([spendSecondFactor(db, user.id, next, later(1)), spendSecondFactor(db, user.id, next, later(1))]);
    expect(both.sort()).toEqual([false, true]);
    expect(await spendSecondFactor(db, user.id, next, later(2))).toBe(false);
    // An earlier step's code, still within its window, is refused after a later one was used.
    expect(await spendSecondFactor(db, user.id, totpCode(secret, later(1)), later(2))).toBe(false);
    expect(await spendSecondFactor(db, user.id, "000000", later(2))).toBe(false);
    expect(await spendSecondFactor(db, user.id, "not a code", later(2))).toBe(false);

    expect(await spendSecondFactor(db, user.id, recoveryCodes[0].toLowerCase(), later(2))).toBe(true);
    expect(await spendSecondFactor(db, user.id, recoveryCodes[0], later(2))).toBe(false);
    expect((await twoFactorStatus(db, user.id))?.recoveryCodesLeft).toBe(9);

    // Another account's recovery code is not this one's.
    const other = await enrolled();
    expect(await spendSecondFactor(db, user.id, other.recoveryCodes[0], later(2))).toBe(false);
  });

  it("turns off with the password and a code, and new recovery codes replace the old ones", async () => {
    const { user, secret, recoveryCodes } = await enrolled();
    await expect(regenerateRecoveryCodes(db, { userId: user.id, code: recoveryCodes[0], password: "not-the-password" })).rejects.toMatchObject({
      details: { issues: [{ path: "password" }] },
    });
    // A refused password spends no recovery code.
    const fresh = await regenerateRecoveryCodes(db, { userId: user.id, code: recoveryCodes[0], password: PASSWORD });
    expect(fresh).toHaveLength(10);
    expect(await storedHashes(user.id)).toEqual(fresh.map(hashRecoveryCode).sort());
    for (const old of recoveryCodes) expect(await spendSecondFactor(db, user.id, old), old).toBe(false);

    await expect(disableTwoFactor(db, { userId: user.id, actor: accountActor(user.id), code: totpCode(secret, T), password: PASSWORD })).rejects.toMatchObject({
      details: { issues: [{ path: "code", message: expect.stringMatching(/^That code is wrong or was already used/) }] },
    });
    expect(await hasTwoFactor(db, user.id)).toBe(true);
    await disableTwoFactor(db, { userId: user.id, actor: accountActor(user.id), code: fresh[0], password: PASSWORD });
    expect(await hasTwoFactor(db, user.id)).toBe(false);
    expect(await db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id))).toEqual([]);
    expect(await spendSecondFactor(db, user.id, fresh[1])).toBe(false);
    await expect(disableTwoFactor(db, { userId: user.id, actor: accountActor(user.id), code: fresh[1], password: PASSWORD })).rejects.toMatchObject({
      message: "Two-factor sign-in is off.",
    });
  });

  it("gives new recovery codes to one of two requests at the same moment, each with a code that was valid", async () => {
    const { user, recoveryCodes } = await enrolled();
    const results = await atOnce([0, 1].map((i) => () => regenerateRecoveryCodes(db, { userId: user.id, code: recoveryCodes[i], password: PASSWORD })));
    const shown = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    expect(shown).toHaveLength(1);
    // The later one's code went with the codes the first replaced.
    expect(results.find((result) => result.status === "rejected")).toMatchObject({ reason: { details: { issues: [{ path: "code", message: WRONG_CODE }] } } });
    expect((await twoFactorStatus(db, user.id))?.recoveryCodesLeft).toBe(10);
    expect(await spendSecondFactor(db, user.id, shown[0][0])).toBe(true);
  });

  it("turns off, or gives new recovery codes, but not both at the same moment, and refuses the other plainly", async () => {
    const { user, recoveryCodes } = await enrolled();
    const [regenerated, disabled] = await atOnce<unknown>([
      () => regenerateRecoveryCodes(db, { userId: user.id, code: recoveryCodes[0], password: PASSWORD }),
      () => disableTwoFactor(db, { userId: user.id, actor: accountActor(user.id), code: recoveryCodes[1], password: PASSWORD }),
    ]);
    const refused = [regenerated, disabled].filter((result) => result.status === "rejected");
    expect(refused).toHaveLength(1);
    expect(refused[0].reason).toBeInstanceOf(AppError);
    const codesLeft = (await twoFactorStatus(db, user.id))?.recoveryCodesLeft;
    expect(codesLeft).toBe(disabled.status === "fulfilled" ? undefined : 10);
  });

  it("an admin's reset turns it off and ends the account's sessions; the reseller can set it up again", async () => {
    const { user } = await enrolled();
    const before = Date.now();
    expect(await resetTwoFactor(db, user.id, accountActor(user.id))).toBe(true);
    expect(await hasTwoFactor(db, user.id)).toBe(false);
    // The set-up at T (a time to come) moved it there; the reset moves it to now.
    const validAfter = (await getUserOrThrow(db, user.id)).sessionsValidAfter!.getTime();
    expect(validAfter).toBeGreaterThanOrEqual(before - 1000);
    expect(validAfter).toBeLessThanOrEqual(Date.now());
    expect(await db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id))).toEqual([]);
    expect(await resetTwoFactor(db, user.id, accountActor(user.id))).toBe(false);

    const { secret } = await startTwoFactorSetup(db, user.id);
    await confirmTwoFactorSetup(db, { userId: user.id, actor: accountActor(user.id), code: totpCode(secret, T), password: PASSWORD, now: () => T });
    expect(await hasTwoFactor(db, user.id)).toBe(true);
  });
});
