import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { postLedgerEntry } from "@/lib/ledger/post-entry";
import { resellerWithBalance } from "@/lib/orders/testing/helpers";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { metrics } from "./metrics";

/** What /metrics says of money in through top-ups (the label the test's entries carry). */
async function toppedUp(): Promise<number> {
  const counted = await metrics().ledgerMoney.get();
  return counted.values.find((value) => value.labels.direction === "in" && value.labels.type === "topup")?.value ?? 0;
}

describe(`metrics count what committed (${testDriver()})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureTariffs(database.db);
  });
  afterAll(() => database.close());

  it("counts a ledger entry once its transaction commits, and never one that rolled back", async () => {
    const reseller = await resellerWithBalance(database.db, 0n);
    const before = await toppedUp();
    const entry = { userId: reseller.id, type: "topup" as const, amount: 12_500_000n, description: "USDT top-up" };

    await expect(
      database.db.transaction(async (tx) => {
        await postLedgerEntry(tx, entry);
        expect(await toppedUp()).toBe(before);
        throw new Error("the order of events failed after the entry");
      }),
    ).rejects.toThrow("failed after the entry");
    expect(await toppedUp()).toBe(before);

    await database.db.transaction((tx) => postLedgerEntry(tx, entry));
    expect(await toppedUp()).toBe(before + 12.5);
  });

  it("counts an entry kept in a savepoint when the transaction commits, and not one whose savepoint rolled back", async () => {
    const reseller = await resellerWithBalance(database.db, 0n);
    const before = await toppedUp();
    const entry = { userId: reseller.id, type: "topup" as const, amount: 1_000_000n, description: "USDT top-up" };
    await database.db.transaction(async (tx) => {
      await tx.transaction((savepoint) => postLedgerEntry(savepoint, entry));
      await tx
        .transaction(async (savepoint) => {
          await postLedgerEntry(savepoint, entry);
          throw new Error("rolled back to the savepoint");
        })
        .catch(() => {});
      expect(await toppedUp()).toBe(before);
    });
    expect(await toppedUp()).toBe(before + 1);
  });
});
