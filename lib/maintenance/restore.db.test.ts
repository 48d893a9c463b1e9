import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { addStockCodes } from "@/lib/catalog/stock";
import { config } from "@/lib/config/env";
import { encryptSecret } from "@/lib/crypto/encryption";
import { openDatabase, pgliteDirOf, type Database, type Db } from "@/lib/db/client";
import { orders, users, webhookEndpoints } from "@/lib/db/schema";
import { createTestDatabase, TEST_POSTGRES_URL, testDriver } from "@/lib/db/testing/test-database";
import { adjustBalance } from "@/lib/ledger/adjust-balance";
import { migrateDatabase } from "@/lib/migrations/migrate";
import { placeOrder } from "@/lib/orders/place-order";
import { toOrderRecord } from "@/lib/orders/serialize";
import { resellerWithBalance, testProduct } from "@/lib/orders/testing/helpers";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { revealWebhookSecret } from "@/lib/webhooks/settings";
import { backupEmbeddedDatabase } from "./backup";
import { restoreEmbeddedBackup } from "./restore";
import { checkRestoredData } from "./restore-check";

const workDir = mkdtempSync(path.join(os.tmpdir(), "restore-drill-"));

/** The database the shop runs on: the embedded one in a data directory of its own, or a fresh Postgres database. */
async function openSource(): Promise<Database> {
  if (testDriver() === "postgres") return createTestDatabase({ maxConnections: 4 });
  const dataDir = path.join(workDir, "source");
  mkdirSync(dataDir);
  // As the embedded mode generates it: the key the backup carries.
  writeFileSync(path.join(dataDir, "encryption-key"), config().ENCRYPTION_KEY + "\n", { flag: "w" });
  const database = openDatabase({ pgliteDir: pgliteDirOf(dataDir) });
  await migrateDatabase(database);
  return database;
}

/** The whole drill: the backup as the operator makes it, restored into a fresh database as docs/operations.md says. */
async function backUpAndRestore(source: Database): Promise<Database> {
  if (testDriver() === "pglite") {
    const backup = await backupEmbeddedDatabase(source, { dataDir: path.join(workDir, "source"), ENCRYPTION_KEY: config().ENCRYPTION_KEY, TRON_XPUB: "none" });
    expect(backup.manifest.secrets).toEqual(["encryption-key"]);
    const dataDir = path.join(workDir, "restored");
    const outcome = await restoreEmbeddedBackup(backup.archive, { name: "drill.tar.gz", dataDir, replace: false });
    expect(outcome.setAside).toBeNull();
    return openDatabase({ pgliteDir: pgliteDirOf(dataDir) });
  }
  const dump = path.join(workDir, "shop.dump");
  const pgDump = spawnSync("pg_dump", ["-Fc", "--no-owner", "-f", dump, "-d", source.url!], { encoding: "utf8" });
  expect(pgDump.status, pgDump.stderr).toBe(0);
  const name = `restored_${Date.now().toString(36)}`;
  const admin = postgres(TEST_POSTGRES_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  const pgRestore = spawnSync("pg_restore", ["--no-owner", "--exit-on-error", "-d", url.toString(), dump], { encoding: "utf8" });
  expect(pgRestore.status, pgRestore.stderr).toBe(0);
  const restored = openDatabase({ url: url.toString(), maxConnections: 4 });
  return {
    ...restored,
    async close() {
      await restored.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

const everyOrder = (db: Db) => db.select().from(orders).orderBy(asc(orders.id));
const everyBalance = (db: Db) => db.select({ id: users.id, balance: users.balance }).from(users).orderBy(asc(users.id));

describe(`the restore drill: a backup restored into a fresh database reads as the shop did (${testDriver()})`, () => {
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));

  it("keeps the orders, balances equal to their ledgers, and delivered codes and webhook secrets readable", { timeout: 180_000 }, async () => {
    const source = await openSource();
    let restored: Database | undefined;
    try {
      const db = source.db;
      await ensureTariffs(db);
      const sku = "giftcard-drill";
      await testProduct(db, { sku, category: "giftcard", fulfilment: "stock", listPrice: 2_500_000n });
      await addStockCodes(db, sku, [
        { code: "DRILL-CODE-1", pin: "1111", serial: null },
        { code: "DRILL-CODE-2", pin: null, serial: null },
        { code: "DRILL-CODE-3", pin: null, serial: null },
      ]);
      const buyer = await resellerWithBalance(db, 20_000_000n);
      const other = await resellerWithBalance(db, 5_000_000n);
      await adjustBalance(db, { userId: other.id, amount: -1_250_000n, note: "correction" });
      const { order } = await placeOrder(db, { user: buyer, sku, quantity: 2, fields: {}, source: "api" });
      await db.insert(webhookEndpoints).values({ userId: buyer.id, url: "https://shop.example/hook", secretEncrypted: encryptSecret("whsec_DrillSecret") });
      const ordersBefore = await everyOrder(db);
      const balancesBefore = await everyBalance(db);
      const delivered = toOrderRecord(ordersBefore.find((row) => row.id === order.id)!).delivery!.items.map((item) => item.code);
      expect(delivered.sort()).toEqual(["DRILL-CODE-1", "DRILL-CODE-2"]);

      restored = await backUpAndRestore(source);
      const after = restored.db;
      expect(await everyOrder(after)).toEqual(ordersBefore);
      expect(await everyBalance(after)).toEqual(balancesBefore);
      const [restoredOrder] = await after.select().from(orders).where(eq(orders.id, order.id));
      expect(
        toOrderRecord(restoredOrder)
          .delivery!.items.map((item) => item.code)
          .sort(),
      ).toEqual(["DRILL-CODE-1", "DRILL-CODE-2"]);
      expect(await revealWebhookSecret(after, buyer.id)).toBe("whsec_DrillSecret");

      const report = await checkRestoredData(after, config().ENCRYPTION_KEY);
      expect(report).toMatchObject({ ok: true, orders: 1 });
      expect(report.checks.map((check) => [check.name, check.ok, check.detail])).toEqual([
        ["encryption key", true, "ENCRYPTION_KEY opens a delivered code, a webhook signing secret and the newest stock code"],
        ["balances", true, "2 reseller balances equal their ledgers"],
        ["migrations", true, expect.stringMatching(/^all \d+ applied$/)],
      ]);

      // What restore:check says of a restore that cannot be used: another key, a balance off its ledger.
      const wrongKey = await checkRestoredData(after, "ab".repeat(32));
      expect(wrongKey.ok).toBe(false);
      expect(wrongKey.checks[0].detail).toBe(
        "ENCRYPTION_KEY does not open a delivered code, a webhook signing secret and the newest stock code: it is not the key this data was written with. Use the key kept with the backup.",
      );
      await after.update(users).set({ balance: 1n }).where(eq(users.id, other.id));
      const offLedger = await checkRestoredData(after, config().ENCRYPTION_KEY);
      expect(offLedger.checks[1]).toEqual({
        name: "balances",
        ok: false,
        detail: `1 of 2 reseller balances differ from their ledgers (${other.id}): the restore is incomplete or the backup damaged`,
      });
    } finally {
      await restored?.close();
      await source.close();
    }
  });
});
