import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "@/lib/accounts/create-user";
import { setResellerStatus } from "@/lib/accounts/set-user-status";
import type { Database } from "@/lib/db/client";
import { apiKeys } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/test-database";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { authenticateApiKey } from "./authenticate-key";
import { API_KEY_PATTERN } from "./key-format";
import { createApiKey, listApiKeys, revokeApiKey } from "./manage-keys";

describe(`API keys (${testDriver()})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureTariffs(database.db);
  });
  afterAll(async () => {
    await database.close();
  });

  it("creates a key shown once, stores only its hash, and authenticates with it", async () => {
    const user = await createUser(database.db, { email: "keys-1@test.dev", password: "long-enough-password" });
    const { key, apiKey } = await createApiKey(database.db, { userId: user.id, name: "Shop" });
    expect(key).toMatch(API_KEY_PATTERN);
    expect(key.length).toBeGreaterThanOrEqual(8 + 32);
    expect(apiKey.prefix).toBe(key.slice(0, 12));
    expect(JSON.stringify(await listApiKeys(database.db, user.id))).not.toContain(key.slice(12));
    const caller = await authenticateApiKey(database.db, key, "203.0.113.4");
    expect(caller.user.id).toBe(user.id);
    const [listed] = await listApiKeys(database.db, user.id);
    expect(listed.lastUsedIp).toBe("203.0.113.4");
    expect(listed.lastUsedAt).toBeInstanceOf(Date);
  });

  it("revocation takes effect at once, and only the owner can revoke", async () => {
    const user = await createUser(database.db, { email: "keys-2@test.dev", password: "long-enough-password" });
    const other = await createUser(database.db, { email: "keys-3@test.dev", password: "long-enough-password" });
    const { key, apiKey } = await createApiKey(database.db, { userId: user.id, name: "Bot" });
    await expect(revokeApiKey(database.db, other.id, apiKey.id)).rejects.toMatchObject({ code: "not_found" });
    await revokeApiKey(database.db, user.id, apiKey.id);
    await expect(authenticateApiKey(database.db, key, "203.0.113.4")).rejects.toMatchObject({ code: "unauthenticated" });
  });

  it("a blocked reseller's key is refused with account_disabled; unblocking restores it", async () => {
    const user = await createUser(database.db, { email: "keys-4@test.dev", password: "long-enough-password" });
    const { key } = await createApiKey(database.db, { userId: user.id, name: "CRM" });
    await setResellerStatus(database.db, user.id, "blocked");
    await expect(authenticateApiKey(database.db, key, "203.0.113.4")).rejects.toMatchObject({ code: "account_disabled" });
    await setResellerStatus(database.db, user.id, "active");
    await expect(authenticateApiKey(database.db, key, "203.0.113.4")).resolves.toMatchObject({ user: { id: user.id } });
  });

  it("an IP allowlist admits listed addresses and ranges only", async () => {
    const user = await createUser(database.db, { email: "keys-5@test.dev", password: "long-enough-password" });
    const { key } = await createApiKey(database.db, { userId: user.id, name: "Locked", allowedIps: "198.51.100.0/24, 2001:db8::1" });
    await expect(authenticateApiKey(database.db, key, "198.51.100.20")).resolves.toBeTruthy();
    await expect(authenticateApiKey(database.db, key, "2001:db8::1")).resolves.toBeTruthy();
    await expect(authenticateApiKey(database.db, key, "203.0.113.4")).rejects.toMatchObject({ code: "forbidden" });
  });

  it("rejects malformed keys and bad allowlists", async () => {
    await expect(authenticateApiKey(database.db, "rk_live_short", "203.0.113.4")).rejects.toMatchObject({ code: "unauthenticated" });
    const user = await createUser(database.db, { email: "keys-6@test.dev", password: "long-enough-password" });
    await expect(createApiKey(database.db, { userId: user.id, name: "x", allowedIps: "10.0.0.0/99" })).rejects.toThrow(/not an IP address or CIDR range/);
    await expect(createApiKey(database.db, { userId: user.id, name: "  " })).rejects.toThrow(/name/);
  });

  it("stamps the last use once per 10 seconds, and a fresh stamp is not written again", async () => {
    const user = await createUser(database.db, { email: "keys-7@test.dev", password: "long-enough-password" });
    const { key, apiKey } = await createApiKey(database.db, { userId: user.id, name: "Stamp" });
    const stale = new Date(Date.now() - 60_000);
    await database.db.update(apiKeys).set({ lastUsedAt: stale, lastUsedIp: "203.0.113.4" }).where(eq(apiKeys.id, apiKey.id));
    await authenticateApiKey(database.db, key, "203.0.113.4");
    const [stamped] = await listApiKeys(database.db, user.id);
    expect(stamped.lastUsedAt!.getTime()).toBeGreaterThan(stale.getTime());
    await authenticateApiKey(database.db, key, "203.0.113.4");
    const [again] = await listApiKeys(database.db, user.id);
    expect(again.lastUsedAt!.getTime()).toBe(stamped.lastUsedAt!.getTime());
    await authenticateApiKey(database.db, key, "198.51.100.7");
    const [moved] = await listApiKeys(database.db, user.id);
    expect(moved.lastUsedIp).toBe("198.51.100.7");
  });

  // Needs a second connection holding the row, which the embedded database (one connection) cannot have.
  it.runIf(testDriver() === "postgres")("a request never waits for another request that is stamping the same key", async () => {
    const user = await createUser(database.db, { email: "keys-8@test.dev", password: "long-enough-password" });
    const { key, apiKey } = await createApiKey(database.db, { userId: user.id, name: "Busy" });
    await database.db.update(apiKeys).set({ lastUsedAt: new Date(Date.now() - 60_000) }).where(eq(apiKeys.id, apiKey.id));
    const outcome = await database.db.transaction(async (tx) => {
      await tx.execute(sql`select id from api_keys where id = ${apiKey.id} for update`);
      const timeout = new Promise<string>((resolve) => setTimeout(() => resolve("waited for the lock"), 3_000));
      return Promise.race([authenticateApiKey(database.db, key, "203.0.113.4").then(() => "answered"), timeout]);
    });
    expect(outcome).toBe("answered");
  });
});
