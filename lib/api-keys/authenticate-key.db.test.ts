import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createUser } from "@/lib/accounts/create-user";
import { setResellerStatus } from "@/lib/accounts/set-user-status";
import type { Database } from "@/lib/db/client";
import { apiKeys } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { resellerWithBalance } from "@/lib/orders/testing/helpers";
import { upgradeSubscription } from "@/lib/subscriptions/subscription";
import { effectiveTier } from "@/lib/subscriptions/rules";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { authenticateApiKey } from "./authenticate-key";
import { keyCacheOf } from "./key-cache";
import { API_KEY_PATTERN, displayPrefix, generateApiKey, hashApiKey } from "./key-format";
import { createApiKey, listApiKeys, revokeApiKey, updateApiKeyAllowlist } from "./manage-keys";
import { accountActor } from "@/lib/audit/record";
import { API_SCOPES } from "./scopes";

describe(`API keys (${testDriver()})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureTariffs(database.db);
  });
  afterAll(async () => {
    await database.close();
  });

  const IP = "203.0.113.4";
  const listening = () => vi.waitFor(() => expect(keyCacheOf(database).isListening()).toBe(true), { timeout: 5_000, interval: 10 });

  /** A change made without its notice, so that only a key read from the database would see it. */
  async function changeHashUnnoticed(apiKeyId: string) {
    await database.db.execute(sql`alter table api_keys disable trigger api_keys_auth_changed`);
    try {
      await database.db
        .update(apiKeys)
        .set({ hash: `unnoticed-${apiKeyId}` })
        .where(eq(apiKeys.id, apiKeyId));
    } finally {
      await database.db.execute(sql`alter table api_keys enable trigger api_keys_auth_changed`);
    }
  }

  /**
   * The embedded database notifies in the committing statement's own result, so the change is seen at
   * once; Postgres notifies the instance's listening connection, which takes a moment.
   */
  async function expectSeen(check: () => Promise<unknown>) {
    if (testDriver() === "pglite") await check();
    else await vi.waitFor(check, { timeout: 1_000, interval: 5 });
  }
  const expectRefused = (key: string, ip: string, code: string) =>
    expectSeen(() => expect(authenticateApiKey(database, key, ip)).rejects.toMatchObject({ code }));

  it("creates a key shown once, stores only its hash, and authenticates with it", async () => {
    const user = await createUser(database.db, { email: "keys-1@test.dev", password: "long-enough-password" });
    const { key, apiKey } = await createApiKey(database.db, { userId: user.id, name: "Shop" });
    expect(key).toMatch(API_KEY_PATTERN);
    expect(key.length).toBeGreaterThanOrEqual(8 + 32);
    expect(apiKey.prefix).toBe(key.slice(0, 12));
    expect(JSON.stringify(await listApiKeys(database.db, user.id))).not.toContain(key.slice(12));
    const caller = await authenticateApiKey(database, key, "203.0.113.4");
    expect(caller).toMatchObject({ userId: user.id, user: { id: user.id } });
    const [listed] = await listApiKeys(database.db, user.id);
    expect(listed.lastUsedIp).toBe("203.0.113.4");
    expect(listed.lastUsedAt).toBeInstanceOf(Date);
  });

  it("revocation takes effect at once, and only the owner can revoke", async () => {
    const user = await createUser(database.db, { email: "keys-2@test.dev", password: "long-enough-password" });
    const other = await createUser(database.db, { email: "keys-3@test.dev", password: "long-enough-password" });
    const { key, apiKey } = await createApiKey(database.db, { userId: user.id, name: "Bot" });
    await expect(revokeApiKey(database.db, other.id, apiKey.id, accountActor(other.id))).rejects.toMatchObject({ code: "not_found" });
    await revokeApiKey(database.db, user.id, apiKey.id, accountActor(user.id));
    await expect(authenticateApiKey(database, key, "203.0.113.4")).rejects.toMatchObject({ code: "unauthenticated" });
  });

  it("a blocked reseller's key is refused with account_disabled; unblocking restores it", async () => {
    const user = await createUser(database.db, { email: "keys-4@test.dev", password: "long-enough-password" });
    const { key } = await createApiKey(database.db, { userId: user.id, name: "CRM" });
    await setResellerStatus(database.db, user.id, "blocked");
    await expect(authenticateApiKey(database, key, "203.0.113.4")).rejects.toMatchObject({ code: "account_disabled" });
    await setResellerStatus(database.db, user.id, "active");
    await expect(authenticateApiKey(database, key, "203.0.113.4")).resolves.toMatchObject({ userId: user.id });
  });

  it("an IP allowlist admits listed addresses and ranges only", async () => {
    const user = await createUser(database.db, { email: "keys-5@test.dev", password: "long-enough-password" });
    const { key } = await createApiKey(database.db, { userId: user.id, name: "Locked", allowedIps: "198.51.100.0/24, 2001:db8::1" });
    await expect(authenticateApiKey(database, key, "198.51.100.20")).resolves.toBeTruthy();
    await expect(authenticateApiKey(database, key, "2001:db8::1")).resolves.toBeTruthy();
    await expect(authenticateApiKey(database, key, "203.0.113.4")).rejects.toMatchObject({ code: "forbidden" });
  });

  it("rejects malformed keys and bad allowlists", async () => {
    await expect(authenticateApiKey(database, "rk_live_short", "203.0.113.4")).rejects.toMatchObject({ code: "unauthenticated" });
    const user = await createUser(database.db, { email: "keys-6@test.dev", password: "long-enough-password" });
    await expect(createApiKey(database.db, { userId: user.id, name: "x", allowedIps: "10.0.0.0/99" })).rejects.toThrow(/not an IP address or CIDR range/);
    await expect(createApiKey(database.db, { userId: user.id, name: "  " })).rejects.toThrow(/name/);
  });

  it("stamps the last use once per 10 seconds, and a fresh stamp is not written again", async () => {
    const user = await createUser(database.db, { email: "keys-7@test.dev", password: "long-enough-password" });
    const { key, apiKey } = await createApiKey(database.db, { userId: user.id, name: "Stamp" });
    const stale = new Date(Date.now() - 60_000);
    await database.db.update(apiKeys).set({ lastUsedAt: stale, lastUsedIp: "203.0.113.4" }).where(eq(apiKeys.id, apiKey.id));
    await authenticateApiKey(database, key, "203.0.113.4");
    const [stamped] = await listApiKeys(database.db, user.id);
    expect(stamped.lastUsedAt!.getTime()).toBeGreaterThan(stale.getTime());
    await authenticateApiKey(database, key, "203.0.113.4");
    const [again] = await listApiKeys(database.db, user.id);
    expect(again.lastUsedAt!.getTime()).toBe(stamped.lastUsedAt!.getTime());
    await authenticateApiKey(database, key, "198.51.100.7");
    const [moved] = await listApiKeys(database.db, user.id);
    expect(moved.lastUsedIp).toBe("198.51.100.7");
  });

  // Needs a second connection holding the row, which the embedded database (one connection) cannot have.
  it.runIf(testDriver() === "postgres")("a request never waits for another request that is stamping the same key", async () => {
    const user = await createUser(database.db, { email: "keys-8@test.dev", password: "long-enough-password" });
    const { key, apiKey } = await createApiKey(database.db, { userId: user.id, name: "Busy" });
    await database.db
      .update(apiKeys)
      .set({ lastUsedAt: new Date(Date.now() - 60_000) })
      .where(eq(apiKeys.id, apiKey.id));
    const outcome = await database.db.transaction(async (tx) => {
      await tx.execute(sql`select id from api_keys where id = ${apiKey.id} for update`);
      const timeout = new Promise<string>((resolve) => setTimeout(() => resolve("waited for the lock"), 3_000));
      return Promise.race([authenticateApiKey(database, key, "203.0.113.4").then(() => "answered"), timeout]);
    });
    expect(outcome).toBe("answered");
  });

  it("a key accepted once is answered from the instance's cache, without its reseller", async () => {
    await listening();
    const user = await createUser(database.db, { email: "keys-9@test.dev", password: "long-enough-password" });
    const { key, apiKey } = await createApiKey(database.db, { userId: user.id, name: "Cached" });
    await expect(authenticateApiKey(database, key, IP)).resolves.toMatchObject({ userId: user.id, user: { id: user.id } });
    await changeHashUnnoticed(apiKey.id);
    await expect(authenticateApiKey(database, key, IP)).resolves.toMatchObject({ userId: user.id, apiKeyId: apiKey.id, user: null });
  });

  it("revoking, blocking and a new allowlist take effect on a cached key", async () => {
    await listening();
    const user = await createUser(database.db, { email: "keys-10@test.dev", password: "long-enough-password" });
    const { key: revoked, apiKey: revokedKey } = await createApiKey(database.db, { userId: user.id, name: "Revoked" });
    const { key: fenced, apiKey: fencedKey } = await createApiKey(database.db, { userId: user.id, name: "Fenced" });
    const other = await createUser(database.db, { email: "keys-11@test.dev", password: "long-enough-password" });
    const { key: bystander, apiKey: bystanderKey } = await createApiKey(database.db, { userId: other.id, name: "Bystander" });
    for (const key of [revoked, fenced, bystander]) await authenticateApiKey(database, key, IP);

    await revokeApiKey(database.db, user.id, revokedKey.id, accountActor(user.id));
    await expectRefused(revoked, IP, "unauthenticated");

    await updateApiKeyAllowlist(database.db, user.id, fencedKey.id, "198.51.100.0/24");
    await expectRefused(fenced, IP, "forbidden");
    await expect(authenticateApiKey(database, fenced, "198.51.100.9")).resolves.toMatchObject({ apiKeyId: fencedKey.id });

    await setResellerStatus(database.db, user.id, "blocked");
    await expectRefused(fenced, "198.51.100.9", "account_disabled");
    await setResellerStatus(database.db, user.id, "active");
    await expect(authenticateApiKey(database, fenced, "198.51.100.9")).resolves.toMatchObject({ apiKeyId: fencedKey.id });

    // The other reseller's key stayed cached through all of it: a hash changed without a notice is not seen.
    await changeHashUnnoticed(bystanderKey.id);
    await expect(authenticateApiKey(database, bystander, IP)).resolves.toMatchObject({ apiKeyId: bystanderKey.id, user: null });
  });

  it.runIf(testDriver() === "postgres")("losing the listening connection empties the cache, since notices were missed", async () => {
    await listening();
    const user = await createUser(database.db, { email: "keys-12@test.dev", password: "long-enough-password" });
    const { key, apiKey } = await createApiKey(database.db, { userId: user.id, name: "Dropped" });
    await authenticateApiKey(database, key, IP);
    await changeHashUnnoticed(apiKey.id);
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'reseller-panel-listen' and datname = current_database()`,
    );
    await vi.waitFor(() => expect(keyCacheOf(database).isListening()).toBe(false), { timeout: 5_000, interval: 5 });
    await expect(authenticateApiKey(database, key, IP)).rejects.toMatchObject({ code: "unauthenticated" });
    await listening();
    await expect(authenticateApiKey(database, key, IP)).rejects.toMatchObject({ code: "unauthenticated" });
  });

  it("a subscription bought after the key was cached prices the listings at once", async () => {
    await listening();
    const reseller = await resellerWithBalance(database.db, 500_000_000n);
    const { key } = await createApiKey(database.db, { userId: reseller.id, name: "Tiered" });
    const tierNow = async () => effectiveTier((await authenticateApiKey(database, key, IP)).subscription);
    expect(await tierNow()).toBe("Bronze");
    expect(await tierNow()).toBe("Bronze");
    await upgradeSubscription(database.db, reseller.id, "Gold", accountActor(reseller.id));
    await expectSeen(async () => expect(await tierNow()).toBe("Gold"));
  });

  it("a key holds the scopes it was made with, every one by default, and records who made it", async () => {
    const user = await createUser(database.db, { email: "keys-13@test.dev", password: "long-enough-password" });
    const { key: full, apiKey: fullKey } = await createApiKey(database.db, { userId: user.id, name: "Everything" });
    const { key: narrow, apiKey: narrowKey } = await createApiKey(database.db, {
      userId: user.id,
      name: "Reads",
      scopes: ["orders:read", "catalog:read", "orders:read"],
      actor: { userId: user.id, apiKeyId: null, ip: IP },
    });
    expect(fullKey.scopes).toEqual([...API_SCOPES]);
    expect(narrowKey).toMatchObject({ scopes: ["catalog:read", "orders:read"], createdBy: user.id });
    expect([...(await authenticateApiKey(database, full, IP)).scopes]).toEqual([...API_SCOPES]);
    const caller = await authenticateApiKey(database, narrow, IP);
    expect([...caller.scopes].sort()).toEqual(["catalog:read", "orders:read"]);
    expect(caller.createdBy).toBe(user.id);
    await expect(createApiKey(database.db, { userId: user.id, name: "None", scopes: [] })).rejects.toThrow("Choose at least one scope.");
    await expect(createApiKey(database.db, { userId: user.id, name: "Odd", scopes: ["orders:delete" as never] })).rejects.toThrow(/Must be one of/);
  });

  it("a change of a cached key's scopes takes effect at once", async () => {
    await listening();
    const user = await createUser(database.db, { email: "keys-14@test.dev", password: "long-enough-password" });
    const { key, apiKey } = await createApiKey(database.db, { userId: user.id, name: "Narrowed" });
    await authenticateApiKey(database, key, IP);
    expect((await authenticateApiKey(database, key, IP)).user).toBeNull();
    await database.db
      .update(apiKeys)
      .set({ scopes: ["catalog:read"] })
      .where(eq(apiKeys.id, apiKey.id));
    await expectSeen(async () => expect([...(await authenticateApiKey(database, key, IP)).scopes]).toEqual(["catalog:read"]));
  });

  it("a key written as before scopes existed holds every scope", async () => {
    const user = await createUser(database.db, { email: "keys-15@test.dev", password: "long-enough-password" });
    const key = generateApiKey();
    await database.db.execute(
      sql`insert into api_keys (id, user_id, name, prefix, hash) values (${"key_01JD8X3Q5N7R9T1V3W5Y7Z9B1C"}, ${user.id}, ${"old"}, ${displayPrefix(key)}, ${hashApiKey(key)})`,
    );
    expect([...(await authenticateApiKey(database, key, IP)).scopes]).toEqual([...API_SCOPES]);
  });
});
