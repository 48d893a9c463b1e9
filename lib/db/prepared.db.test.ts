import { DrizzleQueryError, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
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
const next = alias(tariffs, "next_tier");
const withNextTier = preparedQuery((db) =>
  db
    .select()
    .from(tariffs)
    .leftJoin(next, eq(next.rank, sql`${tariffs.rank} + ${sql.placeholder("step")}`))
    .orderBy(tariffs.rank)
    .prepare("test_with_next_tier"),
);
const nextTierPrices = preparedQuery((db) =>
  db
    .select({
      tier: tariffs.tier,
      updatedAt: tariffs.updatedAt,
      nextPrice: next.monthlyPrice,
      nextDiscounts: next.discounts,
      doubled: sql<number>`${tariffs.rank} * 2`.mapWith(Number),
    })
    .from(tariffs)
    .leftJoin(next, eq(next.rank, sql`${tariffs.rank} + 1`))
    .where(eq(tariffs.tier, sql.placeholder("tier")))
    .prepare("test_next_tier_prices"),
);
const addTier = preparedQuery((db) =>
  db
    .insert(tariffs)
    .values({ tier: sql.placeholder("tier"), rank: sql.placeholder("rank"), monthlyPrice: sql.placeholder("price"), discounts: sql.placeholder("discounts") })
    .prepare("test_add_tier"),
);
/** drizzle's own execute, which preparedQuery's replaces, on the same query object. */
const drizzleExecute = <Q extends { execute: (values: never) => unknown }>(query: Q, values: Parameters<Q["execute"]>[0]) =>
  (query.constructor.prototype as Q).execute.call(query, values) as ReturnType<Q["execute"]>;

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

  it("answers what drizzle's own execute answers: rows, decoded values, a missed join as null, nested tables", async () => {
    // Else this would compare drizzle's execute with itself.
    expect(Object.hasOwn(withNextTier(first.db), "execute")).toBe(true);
    for (const database of [first, second]) {
      await database.db.insert(tariffs).values({ tier: "Silver", rank: 4, monthlyPrice: 9_007_199_254_740_993n, discounts: { giftcard: "2.5" } });
      await database.db.transaction(async (tx) => {
        for (const step of [1, 5]) {
          const direct = await withNextTier(tx).execute({ step });
          expect(direct).toEqual(await drizzleExecute(withNextTier(tx), { step }));
          expect(direct.at(-1)?.next_tier).toBeNull();
        }
        const gold = await nextTierPrices(tx).execute({ tier: "Gold" });
        expect(gold).toEqual(await drizzleExecute(nextTierPrices(tx), { tier: "Gold" }));
        expect(gold[0]).toMatchObject({ tier: "Gold", nextPrice: 9_007_199_254_740_993n, nextDiscounts: { giftcard: "2.5" }, doubled: 6 });
        expect(gold[0].updatedAt).toBeInstanceOf(Date);
        expect(await nextTierPrices(tx).execute({ tier: "Silver" })).toEqual(await drizzleExecute(nextTierPrices(tx), { tier: "Silver" }));
      });
    }
  });

  it("writes and refuses as drizzle's own execute does", async () => {
    await addTier(first.db).execute({ tier: "Bronze", rank: 1, price: 5n, discounts: { gamekey: "1" } });
    expect(await first.db.select().from(tariffs).where(eq(tariffs.tier, "Bronze"))).toMatchObject([{ rank: 1, monthlyPrice: 5n, discounts: { gamekey: "1" } }]);
    const refusals = await Promise.all(
      [
        addTier(first.db).execute({ tier: "Bronze", rank: 7, price: 5n, discounts: {} }),
        drizzleExecute(addTier(first.db), { tier: "Bronze", rank: 7, price: 5n, discounts: {} }),
      ].map((run) => Promise.resolve(run).catch((error: unknown) => error)),
    );
    for (const refusal of refusals) {
      expect(refusal).toBeInstanceOf(DrizzleQueryError);
      expect((refusal as DrizzleQueryError).cause).toMatchObject({ code: "23505" });
    }
    expect((refusals[0] as DrizzleQueryError).message).toBe((refusals[1] as DrizzleQueryError).message);
    await expect(tierOf(first.db).execute({} as { tier: string })).rejects.toThrow('No value for placeholder "tier" was provided');
  });
});
