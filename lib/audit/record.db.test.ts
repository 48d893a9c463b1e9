import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "@/lib/db/client";
import { auditLog } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { resellerWithBalance } from "@/lib/orders/testing/helpers";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { recordAudit } from "./record";

describe(`audit log (${testDriver()})`, () => {
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

  const rowsOf = (accountId: string) => db.select().from(auditLog).where(eq(auditLog.accountId, accountId)).orderBy(auditLog.id);

  it("commits a row with the change it records, and leaves none when that change rolls back", async () => {
    const reseller = await resellerWithBalance(db, 0n);
    const actor = { userId: reseller.id, apiKeyId: null, ip: "203.0.113.7" };
    await db.transaction(async (tx) => {
      await recordAudit(tx, { accountId: reseller.id, actor, action: "webhook.changed", details: { url: "https://shop.example/hook" } });
    });
    await expect(
      db.transaction(async (tx) => {
        await recordAudit(tx, { accountId: reseller.id, actor, action: "webhook.secret_rotated" });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");

    const rows = await rowsOf(reseller.id);
    expect(rows.map((row) => [row.action, row.actorUserId, row.ip, row.details])).toEqual([
      ["webhook.changed", reseller.id, "203.0.113.7", { url: "https://shop.example/hook" }],
    ]);
  });

  it("keeps each account's rows apart and in the order they were written", async () => {
    const [a, b] = [await resellerWithBalance(db, 0n), await resellerWithBalance(db, 0n)];
    for (const action of ["api_key.created", "api_key.revoked"] as const) {
      await recordAudit(db, { accountId: a.id, actor: { userId: a.id, apiKeyId: null, ip: null }, action, subject: "key_1" });
    }
    await recordAudit(db, { accountId: b.id, actor: { userId: b.id, apiKeyId: null, ip: null }, action: "order.placed" });
    expect((await rowsOf(a.id)).map((row) => row.action)).toEqual(["api_key.created", "api_key.revoked"]);
    expect((await rowsOf(b.id)).map((row) => row.action)).toEqual(["order.placed"]);
  });
});
