import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./client";
import { preparedQuery, setPlaceholder } from "./prepared";
import { tariffs } from "./schema";
import { createTestDatabase, testDriver } from "./testing/test-database";

const tierOf = preparedQuery((db) =>
  db
    .select()
    .from(tariffs)
    .where(eq(tariffs.tier, sql.placeholder("tier")))
    .prepare("test_tier_of"),
);
const repriceTier = preparedQuery((db) =>
  db
    .update(tariffs)
    .set({ monthlyPrice: setPlaceholder("price", tariffs.monthlyPrice) })
    .where(eq(tariffs.tier, sql.placeholder("tier")))
    .returning({ monthlyPrice: tariffs.monthlyPrice })
    .prepare("test_reprice_tier"),
);
const priceOf = async (db: Parameters<typeof tierOf>[0]) => (await tierOf(db).execute({ tier: "Gold" }))[0].monthlyPrice;

class Rollback extends Error {}

describe(`prepared queries (${testDriver()})`, () => {
  let first: Database;
  let second: Database;
  beforeAll(async () => {
    [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    await first.db.insert(tariffs).values({ tier: "Gold", rank: 3, monthlyPrice: 1_000_000n });
    await second.db.insert(tariffs).values({ tier: "Gold", rank: 3, monthlyPrice: 2_000_000n });
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
  });

  it("runs on each database's own connection", async () => {
    expect(await priceOf(first.db)).toBe(1_000_000n);
    expect(await priceOf(second.db)).toBe(2_000_000n);
  });

  it("inside a transaction it sees the transaction's writes, and a rollback takes its own writes back", async () => {
    await expect(
      first.db.transaction(async (tx) => {
        expect(await repriceTier(tx).execute({ tier: "Gold", price: 3_000_000n })).toEqual([{ monthlyPrice: 3_000_000n }]);
        expect(await priceOf(tx)).toBe(3_000_000n);
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
    expect(await priceOf(first.db)).toBe(1_000_000n);

    await first.db.transaction(async (tx) => {
      await repriceTier(tx).execute({ tier: "Gold", price: 4_000_000n });
    });
    expect(await priceOf(first.db)).toBe(4_000_000n);
  });
});
