import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "@/lib/config/env";
import type { Database } from "@/lib/db/client";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { resellerWithBalance } from "@/lib/orders/testing/helpers";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { apiKeyCap, createApiKey, listApiKeys, revokeApiKey } from "./manage-keys";
import { accountActor } from "@/lib/audit/record";

describe(`the cap on a reseller's API keys (${testDriver()})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureTariffs(database.db);
  });
  afterAll(async () => {
    await database.close();
  });

  const active = async (userId: string) => (await listApiKeys(database.db, userId)).filter((key) => !key.revokedAt).length;

  async function resellerWithKeys(keys: number) {
    const reseller = await resellerWithBalance(database.db, 0n);
    for (let i = 0; i < keys; i++) await createApiKey(database.db, { userId: reseller.id, name: `key ${i + 1}` });
    return reseller;
  }

  it("is 20 by default, and API_KEYS_PER_RESELLER sets it", () => {
    expect(apiKeyCap()).toBe(20);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "key-cap-"));
    try {
      expect(loadConfig({ DATA_DIR: dataDir, API_KEYS_PER_RESELLER: "5" }).API_KEYS_PER_RESELLER).toBe(5);
      expect(() => loadConfig({ DATA_DIR: dataDir, API_KEYS_PER_RESELLER: "0" })).toThrow(/API_KEYS_PER_RESELLER="0"/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("refuses the 21st active key, saying what to do; a revoked key frees its place", async () => {
    const reseller = await resellerWithKeys(20);
    await expect(createApiKey(database.db, { userId: reseller.id, name: "one too many" })).rejects.toMatchObject({
      code: "forbidden",
      message: "You have 20 active API keys, the most an account can hold. Revoke a key you no longer use, then create this one.",
    });
    expect(await active(reseller.id)).toBe(20);

    const [newest] = await listApiKeys(database.db, reseller.id);
    await revokeApiKey(database.db, reseller.id, newest.id, accountActor(reseller.id));
    const { apiKey } = await createApiKey(database.db, { userId: reseller.id, name: "in its place" });
    expect(apiKey.name).toBe("in its place");
    expect(await active(reseller.id)).toBe(20);
    expect((await listApiKeys(database.db, reseller.id)).length).toBe(21);
  });

  it("holds when creations race: ten at once at 19 keys leave 20, the other nine refused", async () => {
    const reseller = await resellerWithKeys(19);
    // Ten connections open before the race, so that no creation waits for one while another finishes.
    await Promise.all(Array.from({ length: 10 }, () => database.db.execute(sql`select pg_sleep(0.05)`)));
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => createApiKey(database.db, { userId: reseller.id, name: `racing ${i}` })));
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const refusals = outcomes.flatMap((outcome) => (outcome.status === "rejected" ? [outcome.reason as { code: string }] : []));
    expect(refusals.map((reason) => reason.code)).toEqual(Array(9).fill("forbidden"));
    expect(await active(reseller.id)).toBe(20);
  });

  it("caps each reseller on its own", async () => {
    const full = await resellerWithKeys(20);
    const other = await resellerWithBalance(database.db, 0n);
    await expect(createApiKey(database.db, { userId: full.id, name: "refused" })).rejects.toMatchObject({ code: "forbidden" });
    await expect(createApiKey(database.db, { userId: other.id, name: "first" })).resolves.toMatchObject({ apiKey: { name: "first" } });
  });
});
