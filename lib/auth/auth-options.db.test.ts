import type { CredentialsConfig } from "next-auth/providers/credentials";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "@/lib/accounts/create-user";
import { setDatabase, type Database } from "@/lib/db/client";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { authOptions } from "./auth-options";
import { totpCode } from "./totp";
import { confirmTwoFactorSetup, spendSecondFactor, startTwoFactorSetup } from "./two-factor";
import { CODE_REQUIRED, WRONG_CODE } from "./two-factor-messages";
import { accountActor } from "@/lib/audit/record";

const PASSWORD = "the-right-password-1";

/** The credentials provider's own authorize: next-auth keeps what the app gave it under `options`. */
function authorize(credentials: Record<string, unknown>) {
  const provider = authOptions().providers[0] as CredentialsConfig;
  const { authorize: own } = provider.options as Pick<CredentialsConfig, "authorize">;
  return own(credentials as Record<string, string>, {});
}

describe(`signing in with the password and then a two-factor code (${testDriver()})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureTariffs(database.db);
    setDatabase(database);
  });
  afterAll(async () => {
    setDatabase(undefined);
    await database.close();
  });

  let n = 0;
  /** An account with two-factor sign-in on, its secret and its recovery codes; the code that turned it on is spent. */
  async function enrolled() {
    const user = await createUser(database.db, { email: `sign-in-${Date.now()}-${n++}@test.dev`, password: PASSWORD });
    const { secret } = await startTwoFactorSetup(database.db, user.id);
    const { recoveryCodes } = await confirmTwoFactorSetup(database.db, {
      userId: user.id,
      actor: accountActor(user.id),
      code: totpCode(secret, Date.now()),
      password: PASSWORD,
    });
    return { user, secret, recoveryCodes };
  }
  /** A code of the step after the one that turned it on, which the ±1 step window accepts now. */
  const nextAppCode = (secret: string) => totpCode(secret, Date.now() + 30_000);

  it("answers the right password alone with a request for the code, and no session", async () => {
    const { user } = await enrolled();
    for (const code of [undefined, "", "   "]) {
      await expect(authorize({ email: user.email, password: PASSWORD, code }), String(code)).rejects.toThrow(CODE_REQUIRED);
    }
    expect(await authorize({ email: user.email, password: "not-the-password", code: "123456" })).toBeNull();
  });

  it("refuses a wrong code, and signs in with the right one", async () => {
    const { user, secret } = await enrolled();
    await expect(authorize({ email: user.email, password: PASSWORD, code: "000000" })).rejects.toThrow(WRONG_CODE);
    await expect(authorize({ email: user.email, password: PASSWORD, code: "not a code" })).rejects.toThrow(WRONG_CODE);
    const before = Date.now();
    const signedIn = await authorize({ email: user.email, password: PASSWORD, code: nextAppCode(secret) });
    expect(signedIn).toMatchObject({ id: user.id, email: user.email, role: "reseller" });
    expect(signedIn!.issuedAt).toBeGreaterThanOrEqual(before);
  });

  it("refuses a code that is not text as it refuses a wrong password, not with an error", async () => {
    const { user, secret } = await enrolled();
    const right = nextAppCode(secret);
    for (const code of [Number(right), [right], { code: right }, null]) {
      expect(await authorize({ email: user.email, password: PASSWORD, code }), JSON.stringify(code)).toBeNull();
    }
    expect(await authorize({ email: [user.email], password: PASSWORD, code: right })).toBeNull();
  });

  it("refuses even the right code once the account's codes are spent for a while, and leaves that code unspent", async () => {
    const { user, recoveryCodes } = await enrolled();
    for (let i = 0; i < 10; i += 1) {
      await expect(authorize({ email: user.email, password: PASSWORD, code: "000000" })).rejects.toThrow(WRONG_CODE);
    }
    await expect(authorize({ email: user.email, password: PASSWORD, code: recoveryCodes[0] })).rejects.toThrow(
      /^Too many sign-in attempts\. Try again in \d+ minutes?\.$/,
    );
    expect(await spendSecondFactor(database.db, user.id, recoveryCodes[0])).toBe(true);
  });
});
