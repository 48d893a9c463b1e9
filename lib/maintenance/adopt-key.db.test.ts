import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newTotpSecret, totpCode } from "@/lib/auth/totp";
import { resetTwoFactor, spendSecondFactor, startTwoFactorSetup } from "@/lib/auth/two-factor";
import { addStockCodes } from "@/lib/catalog/stock";
import { encryptionRecover } from "@/lib/cli/commands";
import { decryptSecret, encryptSecret } from "@/lib/crypto/encryption";
import type { Database, Db } from "@/lib/db/client";
import { orders, stockCodes, suppliers, twoFactor, unreadableStockCodes, webhookEndpoints } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { createSupplier } from "@/lib/fulfilment/manage-suppliers";
import { placeOrder } from "@/lib/orders/place-order";
import { toOrderRecord } from "@/lib/orders/serialize";
import { resellerWithBalance, testProduct } from "@/lib/orders/testing/helpers";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { adoptKey } from "./adopt-key";
import { captureLog } from "@/lib/observability/testing/capture-log";
import { accountActor } from "@/lib/audit/record";

/** The key an instance started with by mistake, which the operator still has. */
const OLD_KEY = "0f".repeat(32);
/** A key nobody has any more. */
const LOST_KEY = "e1".repeat(32);

/**
 * `db`, except that `meanwhile` runs once the two-factor secrets are read and before any is written
 * back, as if it happened while encryption:recover worked through them.
 */
function changingTwoFactorAfterItsRead(db: Db, meanwhile: () => Promise<void>): Db {
  const select = db.select.bind(db) as (fields?: object) => { from(table: object): PromiseLike<unknown[]> };
  return new Proxy(db, {
    get: (target, key) =>
      key !== "select"
        ? Reflect.get(target, key)
        : (fields?: object) => ({
            from(table: object) {
              const query = select(fields).from(table);
              return table === twoFactor ? query.then(async (rows) => (await meanwhile(), rows)) : query;
            },
          }),
  });
}

describe(`encryption:recover, re-encrypting what another key wrote (${testDriver()})`, () => {
  let database: Database;
  let db: Db;
  const sku = "giftcard-recover";

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await ensureTariffs(db);
    await testProduct(db, { sku, category: "giftcard", fulfilment: "stock", listPrice: 1_000_000n });
  });
  afterAll(async () => {
    await database.close();
  });

  it("brings every kind of value under ENCRYPTION_KEY, drops a code that would sell twice, and leaves what no key opens", async () => {
    // An order, sold from stock, whose delivered code the old key then wrote (as a manual delivery on that instance would).
    await addStockCodes(db, sku, [{ code: "SOLD-OWN", pin: null, serial: null }]);
    const reseller = await resellerWithBalance(db, 10_000_000n);
    const { order } = await placeOrder(db, { user: reseller, sku, quantity: 1, fields: {}, source: "api" });
    await db
      .update(orders)
      .set({
        delivery: {
          items: [{ codeEncrypted: encryptSecret("DELIVERED-OLD", OLD_KEY), pinEncrypted: encryptSecret("1234", OLD_KEY), serial: "S1" }],
          note: null,
        },
      })
      .where(eq(orders.id, order.id));
    const [unreadableOrder] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(toOrderRecord(unreadableOrder).delivery!.items).toEqual([{ code: null, pin: null, serial: "S1", unreadable: true }]);

    await addStockCodes(db, sku, [{ code: "TWICE", pin: null, serial: null }]);
    await db.insert(stockCodes).values([
      { sku, codeEncrypted: encryptSecret("FREE-OLD", OLD_KEY), pinEncrypted: encryptSecret("9999", OLD_KEY), codeHash: "hmac-sha256:old-1" },
      { sku, codeEncrypted: encryptSecret("TWICE", OLD_KEY), codeHash: "hmac-sha256:old-2" },
      { sku, codeEncrypted: encryptSecret("LOST", LOST_KEY), codeHash: "hmac-sha256:lost-1" },
    ]);
    await db.insert(unreadableStockCodes).values([
      { id: 900_001, sku, codeEncrypted: encryptSecret("ASIDE-OLD", OLD_KEY), uploadedAt: new Date("2026-11-01T00:00:00Z") },
      { id: 900_002, sku, codeEncrypted: encryptSecret("ASIDE-LOST", LOST_KEY), uploadedAt: new Date("2026-11-01T00:00:00Z") },
    ]);
    await db.insert(webhookEndpoints).values({ userId: reseller.id, url: "https://shop.example/hook", secretEncrypted: encryptSecret("whsec_old", OLD_KEY) });
    // The reseller's authenticator app, set up on that instance: its codes are refused until the secret is recovered.
    const appSecret = newTotpSecret();
    await db.insert(twoFactor).values({ userId: reseller.id, secretEncrypted: encryptSecret(appSecret, OLD_KEY), enabledAt: new Date() });
    expect(await spendSecondFactor(db, reseller.id, totpCode(appSecret, Date.now()))).toBe(false);

    // A supplier added on that instance: its key could not be read to buy upstream.
    const upstream = await createSupplier(db, { kind: "reseller-api", name: "Upstream", baseUrl: "https://b.example", credentials: "rk_live_placeholder" });
    await db
      .update(suppliers)
      .set({ credentialsEncrypted: encryptSecret("rk_live_UpstreamKeyWrittenUnderTheOldKey", OLD_KEY) })
      .where(eq(suppliers.id, upstream.id));

    expect(await adoptKey(db, OLD_KEY)).toEqual({
      stockCodes: 1,
      duplicatesDropped: 1,
      returnedToStock: 1,
      orders: 1,
      webhookSecrets: 1,
      webhookBodies: 0,
      twoFactorSecrets: 1,
      supplierCredentials: 1,
      unreadable: 2,
    });
    const [adopted] = await db.select().from(suppliers).where(eq(suppliers.id, upstream.id));
    expect(decryptSecret(adopted.credentialsEncrypted!)).toBe("rk_live_UpstreamKeyWrittenUnderTheOldKey");
    expect(await spendSecondFactor(db, reseller.id, totpCode(appSecret, Date.now()))).toBe(true);

    const [stored] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(toOrderRecord(stored).delivery!.items).toEqual([{ code: "DELIVERED-OLD", pin: "1234", serial: "S1" }]);
    const lost = await db.select({ codeEncrypted: stockCodes.codeEncrypted }).from(stockCodes).where(eq(stockCodes.codeHash, "hmac-sha256:lost-1"));
    expect(lost).toHaveLength(1);
    // Readable ones in stock, each once, the returned one keeping its upload time; the lost ones stay as they were.
    const readable = (await db.select().from(stockCodes).where(eq(stockCodes.sku, sku)).orderBy(asc(stockCodes.id))).filter(
      (row) => row.codeHash !== "hmac-sha256:lost-1",
    );
    expect(readable.map((row) => decryptSecret(row.codeEncrypted)).sort()).toEqual(["ASIDE-OLD", "FREE-OLD", "SOLD-OWN", "TWICE"]);
    expect(readable.find((row) => decryptSecret(row.codeEncrypted) === "FREE-OLD")!.pinEncrypted).not.toBeNull();
    expect(decryptSecret(readable.find((row) => decryptSecret(row.codeEncrypted) === "FREE-OLD")!.pinEncrypted!)).toBe("9999");
    expect(readable.find((row) => decryptSecret(row.codeEncrypted) === "ASIDE-OLD")!.createdAt.toISOString()).toBe("2026-11-01T00:00:00.000Z");
    expect(await db.select({ id: unreadableStockCodes.id }).from(unreadableStockCodes)).toEqual([{ id: 900_002 }]);
    const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, reseller.id));
    expect(decryptSecret(endpoint.secretEncrypted)).toBe("whsec_old");

    // The duplicate check knows the recovered codes by this key's hash, so an upload of one is refused.
    expect(
      await addStockCodes(db, sku, [
        { code: "FREE-OLD", pin: null, serial: null },
        { code: "ASIDE-OLD", pin: null, serial: null },
      ]),
    ).toEqual({ added: 0, duplicates: 2 });
    // An order is sold the recovered codes, none set aside.
    const log = captureLog();
    const bought = await placeOrder(db, { user: reseller, sku, quantity: 3, fields: {}, source: "api" });
    log.restore();
    expect(log.lines().filter((line) => Number(line.level) >= 50)).toEqual([]);
    expect(
      toOrderRecord(bought.order)
        .delivery!.items.map((item) => item.code)
        .sort(),
    ).toEqual(["ASIDE-OLD", "FREE-OLD", "TWICE"]);

    // A second run finds nothing left to do but what no key opens.
    expect(await adoptKey(db, OLD_KEY)).toEqual({
      stockCodes: 0,
      duplicatesDropped: 0,
      returnedToStock: 0,
      orders: 0,
      webhookSecrets: 0,
      webhookBodies: 0,
      twoFactorSecrets: 0,
      supplierCredentials: 0,
      unreadable: 2,
    });
  });

  it("leaves a two-factor secret set up again while it ran, after an admin's reset, as the reseller's app has it", async () => {
    const reseller = await resellerWithBalance(db, 0n);
    await db.insert(twoFactor).values({ userId: reseller.id, secretEncrypted: encryptSecret(newTotpSecret(), OLD_KEY), enabledAt: new Date() });
    let setUpAgain: string | undefined;
    const outcome = await adoptKey(
      changingTwoFactorAfterItsRead(db, async () => {
        await resetTwoFactor(db, reseller.id, accountActor(reseller.id));
        setUpAgain = (await startTwoFactorSetup(db, reseller.id)).secret;
      }),
      OLD_KEY,
    );
    expect(setUpAgain).toBeDefined();
    expect(outcome.twoFactorSecrets).toBe(0);
    const [stored] = await db.select().from(twoFactor).where(eq(twoFactor.userId, reseller.id));
    expect(decryptSecret(stored.secretEncrypted)).toBe(setUpAgain);
  });

  it("encryption:recover re-encrypts a two-factor secret the old key wrote and says so", async () => {
    const reseller = await resellerWithBalance(db, 0n);
    const appSecret = newTotpSecret();
    await db.insert(twoFactor).values({ userId: reseller.id, secretEncrypted: encryptSecret(appSecret, OLD_KEY), enabledAt: new Date() });

    expect(await encryptionRecover(db, { "old-key": OLD_KEY })).toMatchObject({ two_factor_secrets: 1 });
    const [stored] = await db.select().from(twoFactor).where(eq(twoFactor.userId, reseller.id));
    expect(decryptSecret(stored.secretEncrypted)).toBe(appSecret);
    expect(await spendSecondFactor(db, reseller.id, totpCode(appSecret, Date.now()))).toBe(true);
  });
});
