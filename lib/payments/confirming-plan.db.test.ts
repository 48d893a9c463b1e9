import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "@/lib/db/client";
import { chainTransfers } from "@/lib/db/schema";
import { explainAnalyzed, pagesOfNode, type PlanMode } from "@/lib/db/explain-pages";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { resellerWithBalance } from "@/lib/orders/testing/helpers";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { confirmingTransfers } from "./watcher";

const CREDITED = 20_000;

/**
 * Every tick of the chain watcher asks for the transfers still confirming: a handful, among every
 * transfer ever credited. As a prepared statement with the status as a parameter, Postgres' generic
 * plan could not use the partial index of confirming transfers and read the whole table each tick.
 */
describe(`the watcher's confirming transfers (${testDriver()})`, () => {
  let database: Database;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await ensureTariffs(db);
    const user = await resellerWithBalance(db, 0n);
    const transfer = (status: string, count: number, age: string) => sql`
      insert into ${chainTransfers} (id, tx_hash, to_address, from_address, user_id, amount, block_timestamp, status, source)
      select ${status} || n, md5(${status} || n), 'TTo', 'TFrom', ${user.id}, 1000000, now() - ${age}::interval - n * interval '1 second', ${status}, 'sandbox'
      from generate_series(1, ${count}) as n`;
    await db.execute(transfer("credited", CREDITED, "1 day"));
    await db.execute(transfer("confirming", 3, "1 minute"));
    await db.execute(sql`analyze ${chainTransfers}`);
  }, 120_000);
  afterAll(async () => {
    await database.close();
  });

  for (const planMode of ["force_custom_plan", "force_generic_plan"] satisfies PlanMode[]) {
    it(`reads a few pages, not every transfer credited before (${planMode})`, async () => {
      const plan = await explainAnalyzed(db, confirmingTransfers(db).toSQL(), {}, planMode);
      const pages = pagesOfNode(plan, /^\S/);
      expect(pages, plan).not.toBeNull();
      expect(pages, plan).toBeLessThan(50);
    });
  }

  it("gives the confirming transfers, oldest first, and none of the credited", async () => {
    const confirming = await confirmingTransfers(db);
    expect(confirming.map((transfer) => transfer.id)).toEqual(["confirming3", "confirming2", "confirming1"]);
  });
});
