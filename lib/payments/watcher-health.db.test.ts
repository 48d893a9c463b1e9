import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "@/lib/db/client";
import { depositAddresses } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { resellerWithBalance } from "@/lib/orders/testing/helpers";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { ChainReadError, type ChainReader } from "./chain/chain-reader";
import { sandboxReader } from "./chain/sandbox";
import { depositAddressFor } from "./deposit-addresses";
import { createPayment } from "./payments";
import { MAINNET_USDT } from "./testing/fake-trongrid";
import { watchChainOnce } from "./watcher";
import { watcherHealth } from "./watcher-health";
import { accountActor } from "@/lib/audit/record";

const failingReader: ChainReader = {
  source: "trongrid",
  incomingTransfers: async () => {
    throw new ChainReadError("TronGrid answered 404 for the account", false);
  },
  solidifiedTimestampMs: async () => 0,
};

describe(`chain watcher health (${testDriver()})`, () => {
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

  const scan = (reader: ChainReader) => watchChainOnce(db, { reader, contractAddress: MAINNET_USDT, dust: 1_000_000n, idleRescanMs: 0, log: () => {} });
  const cleanScanAgo = (userId: string, minutes: number) =>
    db
      .update(depositAddresses)
      .set({ lastCleanScanAt: sql`now() - ${minutes}::int * interval '1 minute'` })
      .where(eq(depositAddresses.userId, userId));

  it("reports nothing to watch before any reseller has an address", async () => {
    expect(await watcherHealth(db)).toEqual({ lagSeconds: 0, lagging: false, addresses: 0, failing: 0, shown: [] });
  });

  it("follows an address from its first clean scan through failures to the alert, and back", async () => {
    const reseller = await resellerWithBalance(db, 0n);
    const { address } = await depositAddressFor(db, reseller.id);

    // Never read yet: watched, behind by its age alone.
    let health = await watcherHealth(db);
    expect(health.shown).toEqual([expect.objectContaining({ userId: reseller.id, email: reseller.email, address, lastCleanScanAt: null, watched: true })]);
    expect(health.lagging).toBe(false);

    await scan(sandboxReader(db));
    health = await watcherHealth(db);
    expect(health.shown[0]).toMatchObject({ scanFailures: 0, lastScanError: null, watched: false, lagSeconds: 0 });
    expect(health.shown[0].lastCleanScanAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);

    // The provider refuses the address: the error is kept, and the last clean scan with it.
    await cleanScanAgo(reseller.id, 10);
    await scan(failingReader);
    await scan(failingReader);
    health = await watcherHealth(db);
    expect(health).toMatchObject({ lagging: true, failing: 1, addresses: 1 });
    expect(health.lagSeconds).toBeGreaterThanOrEqual(600);
    expect(health.shown[0]).toMatchObject({ scanFailures: 2, lastScanError: "TronGrid answered 404 for the account", watched: true });
    expect(health.shown[0].lastScanAt!.getTime()).toBeGreaterThan(health.shown[0].lastCleanScanAt!.getTime() + 500_000);

    await scan(sandboxReader(db));
    health = await watcherHealth(db);
    expect(health).toMatchObject({ lagSeconds: 0, lagging: false, failing: 0 });
    expect(health.shown[0]).toMatchObject({ scanFailures: 0, lastScanError: null });
  });

  it("counts a quiet address read long ago as no lag, until it has an open invoice", async () => {
    const reseller = await resellerWithBalance(db, 0n);
    await depositAddressFor(db, reseller.id);
    await scan(sandboxReader(db));
    await cleanScanAgo(reseller.id, 8);
    let health = await watcherHealth(db);
    expect(health.lagging).toBe(false);
    expect(health.shown.find((row) => row.userId === reseller.id)).toMatchObject({ watched: false, lagSeconds: expect.any(Number) });
    expect(health.shown.find((row) => row.userId === reseller.id)!.lagSeconds).toBeGreaterThanOrEqual(480);

    await createPayment(db, reseller.id, 20_000_000n, accountActor(reseller.id));
    health = await watcherHealth(db);
    expect(health.lagging).toBe(true);
    // The most behind of the watched addresses comes first.
    expect(health.shown[0]).toMatchObject({ userId: reseller.id, watched: true });
  });
});
