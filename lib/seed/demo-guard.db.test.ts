import { spawnSync } from "node:child_process";
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { setResellerStatus } from "@/lib/accounts/set-user-status";
import { findUserByEmail } from "@/lib/accounts/get-user";
import { listApiKeys, revokeApiKey } from "@/lib/api-keys/manage-keys";
import { hashPassword } from "@/lib/auth/password";
import type { Database } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { demoCredentialsInUse, DemoCredentialsInUseError, refuseDemoCredentialsInProduction } from "./demo-guard";
import { DEMO, seedDemo } from "./demo-seed";
import { accountActor } from "@/lib/audit/record";

const PRODUCTION = { DATABASE_URL: "postgres://db.internal/shop", ALLOW_DEMO: false };

describe(`the demo credentials at the start of a server on Postgres (${testDriver()})`, () => {
  let database: Database;
  beforeEach(async () => {
    await database?.close();
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const refusal = () => refuseDemoCredentialsInProduction(database.db, PRODUCTION);

  async function changePassword(email: string) {
    await database.db
      .update(users)
      .set({ passwordHash: await hashPassword("an-operator-chosen-password") })
      .where(eq(users.email, email));
  }

  async function revokeDemoKey() {
    const reseller = (await findUserByEmail(database.db, DEMO.reseller.email))!;
    const [key] = await listApiKeys(database.db, reseller.id);
    await revokeApiKey(database.db, reseller.id, key.id, accountActor(reseller.id));
  }

  it("refuses while the seeded demo works, naming each credential and what to do about it", async () => {
    await seedDemo(database.db);
    await expect(refusal()).rejects.toBeInstanceOf(DemoCredentialsInUseError);
    await expect(refusal()).rejects.toThrow(
      [
        "Refusing to start: this Postgres database (DATABASE_URL) still opens with the demo credentials the README publishes:",
        '  - admin@example.com still has the demo password "demo-admin-pass": sign in as it and change the password on the Profile page',
        '  - reseller@example.com still has the demo password "demo-reseller-pass": sign in as it and change the password on the Profile page',
        "  - the demo API key rk_live_Demo... (the README's) is active: revoke it on the API keys page of reseller@example.com",
        "To do that, start once with ALLOW_DEMO=1 where only you can reach the server, then restart without it.",
        "For a trial or a test, set ALLOW_DEMO=1 and keep it.",
      ].join("\n"),
    );
  });

  it("starts with ALLOW_DEMO=1, and on the embedded database, which is the demo", async () => {
    await seedDemo(database.db);
    await expect(refuseDemoCredentialsInProduction(database.db, { ...PRODUCTION, ALLOW_DEMO: true })).resolves.toBeUndefined();
    await expect(refuseDemoCredentialsInProduction(database.db, { DATABASE_URL: undefined, ALLOW_DEMO: false })).resolves.toBeUndefined();
  });

  it("starts on a database that never had the demo", async () => {
    await expect(refusal()).resolves.toBeUndefined();
  });

  it("still refuses while one credential works: the admin's password changed, the key not revoked", async () => {
    await seedDemo(database.db);
    await changePassword(DEMO.admin.email);
    await changePassword(DEMO.reseller.email);
    expect(await demoCredentialsInUse(database.db)).toEqual([
      "the demo API key rk_live_Demo... (the README's) is active: revoke it on the API keys page of reseller@example.com",
    ]);
    await expect(refusal()).rejects.toThrow(/demo API key .* is active/);

    await revokeDemoKey();
    await expect(refusal()).resolves.toBeUndefined();
  });

  it("still refuses with the key revoked while the admin keeps the demo password", async () => {
    await seedDemo(database.db);
    await revokeDemoKey();
    await changePassword(DEMO.reseller.email);
    await expect(refusal()).rejects.toThrow(/admin@example\.com still has the demo password/);
    await changePassword(DEMO.admin.email);
    await expect(refusal()).resolves.toBeUndefined();
  });

  it("counts a blocked demo reseller's password as no way in", async () => {
    await seedDemo(database.db);
    await changePassword(DEMO.admin.email);
    await revokeDemoKey();
    const reseller = (await findUserByEmail(database.db, DEMO.reseller.email))!;
    await setResellerStatus(database.db, reseller.id, "blocked");
    await expect(refusal()).resolves.toBeUndefined();
  });

  // The command line reaches only a database another process can open.
  it.runIf(testDriver() === "postgres")("npm run cli -- db:seed --demo seeds Postgres, says the server will refuse, and the server's rule then refuses", () => {
    const seeded = spawnSync(process.execPath, ["--import", "tsx", "lib/cli/main.ts", "db:seed", "--demo"], {
      env: { ...process.env, DATABASE_URL: database.url },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(seeded.status, seeded.stderr).toBe(0);
    expect(JSON.parse(seeded.stdout)).toEqual({ seeded: "demo tariffs and accounts" });
    expect(seeded.stderr).toContain("note: the server refuses to start on this database while the demo credentials work, unless ALLOW_DEMO=1");
    return expect(refusal()).rejects.toThrow(/admin@example\.com still has the demo password/);
  });
});
