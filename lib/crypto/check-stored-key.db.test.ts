import { spawnSync } from "node:child_process";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database, Db } from "@/lib/db/client";
import { stockCodes, twoFactor, webhookEndpoints } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { resellerWithBalance, testProduct } from "@/lib/orders/testing/helpers";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { checkStoredKey, EncryptionKeyMismatchError } from "./check-stored-key";
import { encryptSecret } from "./encryption";

/** A key other than the one the tests run with: what a start with a mistyped or new ENCRYPTION_KEY stored. */
const OTHER_KEY = "ab".repeat(32);

describe(`the start's check of ENCRYPTION_KEY against the stored data (${testDriver()})`, () => {
  let database: Database;
  let db: Db;
  const sku = "giftcard-key-check";

  async function storeCodes(...keys: (string | undefined)[]) {
    await db.insert(stockCodes).values(keys.map((key, i) => ({ sku, codeEncrypted: encryptSecret(`CODE-${i}`, key), codeHash: `test-${i}` })));
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await ensureTariffs(db);
    await testProduct(db, { sku, category: "giftcard", fulfilment: "stock", listPrice: 1_000_000n });
  });
  afterEach(async () => {
    await db.delete(stockCodes);
    await db.delete(webhookEndpoints);
    await db.delete(twoFactor);
  });
  afterAll(async () => {
    await database.close();
  });

  it("passes quietly on an empty database, and on one whose data the key opens", async () => {
    const warn = vi.fn();
    await checkStoredKey(db, { warn });
    await storeCodes(undefined, undefined, undefined);
    await checkStoredKey(db, { warn });
    expect(warn).not.toHaveBeenCalled();
  });

  it("refuses to start when the key opens nothing stored, naming what it tried", async () => {
    await storeCodes(OTHER_KEY, OTHER_KEY);
    const refusal = await checkStoredKey(db, { warn: vi.fn() }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(EncryptionKeyMismatchError);
    expect((refusal as Error).message).toBe(
      "ENCRYPTION_KEY does not decrypt what this database holds (the oldest stock code, the newest stock code): it is not the key the data was stored with. " +
        "Start with that key, or, to move to this one, re-encrypt the data with npm run cli -- encryption:recover --old-key <that key>.",
    );
  });

  it("refuses on a webhook secret alone, for a database that holds no stock", async () => {
    const reseller = await resellerWithBalance(db, 0n);
    await db.insert(webhookEndpoints).values({ userId: reseller.id, url: "https://shop.example/hook", secretEncrypted: encryptSecret("whsec_1", OTHER_KEY) });
    await expect(checkStoredKey(db, { warn: vi.fn() })).rejects.toThrow("(a webhook signing secret)");
  });

  it("warns when another key wrote a two-factor secret, though it opens the stock", async () => {
    await storeCodes(undefined);
    const reseller = await resellerWithBalance(db, 0n);
    await db.insert(twoFactor).values({ userId: reseller.id, secretEncrypted: encryptSecret("JBSWY3DPEHPK3PXP", OTHER_KEY), enabledAt: new Date() });
    const warn = vi.fn();
    await checkStoredKey(db, { warn });
    expect(warn.mock.calls[0][0]).toMatch(/^\[crypto\] ENCRYPTION_KEY does not decrypt a two-factor secret, though it decrypts the rest/);
  });

  it("warns, and starts, when another key wrote only some of the data", async () => {
    await storeCodes(undefined, undefined, OTHER_KEY);
    const warn = vi.fn();
    await checkStoredKey(db, { warn });
    expect(warn.mock.calls).toEqual([
      [
        "[crypto] ENCRYPTION_KEY does not decrypt the newest stock code, though it decrypts the rest: another key has written to this database. Check that every instance has the same ENCRYPTION_KEY; npm run cli -- encryption:recover --old-key <the other key> re-encrypts what it wrote.",
      ],
    ]);
  });

  // The worker needs Postgres: the embedded database belongs to the server's process.
  it.runIf(testDriver() === "postgres")("npm run worker stops at start with that message, and works nothing", async () => {
    await storeCodes(OTHER_KEY);
    const worker = spawnSync(process.execPath, ["--import", "tsx", "lib/server/worker-main.ts"], {
      env: { ...process.env, DATABASE_URL: database.url },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(worker.status).toBe(1);
    expect(worker.stderr).toContain("ENCRYPTION_KEY does not decrypt what this database holds (the oldest stock code, the newest stock code)");
    expect(worker.stdout).not.toContain("job worker");
  });
});
