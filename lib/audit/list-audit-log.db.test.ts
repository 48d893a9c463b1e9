import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/api-keys/manage-keys";
import type { Database, Db } from "@/lib/db/client";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { resellerWithBalance } from "@/lib/orders/testing/helpers";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { listAuditLog } from "./list-audit-log";
import { OPERATOR_ACTOR, recordAudit } from "./record";
import { actorLabel, auditCsvCells, toAuditRecord } from "./serialize";

describe(`reading the audit log (${testDriver()})`, () => {
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

  it("lists an account's changes newest first, by page, filtered by action, actor and time, and never another account's", async () => {
    const user = await resellerWithBalance(db, 0n);
    const stranger = await resellerWithBalance(db, 0n);
    const { apiKey } = await createApiKey(db, { userId: user.id, name: "Bot", actor: { userId: user.id, apiKeyId: null, ip: "192.0.2.1" } });
    const viaKey = { userId: user.id, apiKeyId: apiKey.id, ip: "192.0.2.2" };
    for (let i = 0; i < 3; i++) await recordAudit(db, { accountId: user.id, actor: viaKey, action: "order.placed", subject: `ord_${i}` });
    await recordAudit(db, { accountId: user.id, actor: OPERATOR_ACTOR, action: "two_factor.disabled" });
    await recordAudit(db, { accountId: stranger.id, actor: { userId: stranger.id, apiKeyId: null, ip: null }, action: "order.placed" });

    const first = await listAuditLog(db, user.id, { limit: 2 });
    expect(first.data.map((entry) => entry.action)).toEqual(["two_factor.disabled", "order.placed"]);
    const second = await listAuditLog(db, user.id, { limit: 2, cursor: first.nextCursor! });
    expect(second.data.map((entry) => entry.subject)).toEqual(["ord_1", "ord_0"]);
    const third = await listAuditLog(db, user.id, { limit: 2, cursor: second.nextCursor! });
    expect(third).toMatchObject({ data: [{ action: "api_key.created" }], nextCursor: null });

    expect((await listAuditLog(db, user.id, { limit: 50, action: "order.placed" })).data).toHaveLength(3);
    expect((await listAuditLog(db, user.id, { limit: 50, actor: apiKey.id })).data.map((entry) => entry.subject)).toEqual(["ord_2", "ord_1", "ord_0"]);
    // A person's changes include those made with their keys.
    expect((await listAuditLog(db, user.id, { limit: 50, actor: user.id })).data).toHaveLength(4);
    expect((await listAuditLog(db, user.id, { limit: 50, actor: stranger.id })).data).toEqual([]);
    expect((await listAuditLog(db, user.id, { limit: 50, from: new Date(Date.now() + 60_000) })).data).toEqual([]);
    expect((await listAuditLog(db, user.id, { limit: 50, to: new Date(Date.now() - 3_600_000) })).data).toEqual([]);
    expect((await listAuditLog(db, user.id, { limit: 50, from: new Date(Date.now() - 3_600_000), to: new Date(Date.now() + 60_000) })).data).toHaveLength(5);
  });

  it("names who made each change: the key's name and prefix, the person's email, or the operator", async () => {
    const user = await resellerWithBalance(db, 0n);
    const { apiKey } = await createApiKey(db, { userId: user.id, name: "Bot" });
    await recordAudit(db, {
      accountId: user.id,
      actor: { userId: user.id, apiKeyId: apiKey.id, ip: "192.0.2.9" },
      action: "topup.created",
      details: { amount: "10.00" },
    });
    await recordAudit(db, { accountId: user.id, actor: OPERATOR_ACTOR, action: "two_factor.disabled" });
    const [operator, viaKey, created] = (await listAuditLog(db, user.id, { limit: 10 })).data;

    expect(actorLabel(viaKey)).toBe(`API key Bot (${apiKey.prefix}…)`);
    expect(actorLabel(created)).toBe(user.email);
    expect(actorLabel(operator)).toBe("Operator (command line)");
    expect(toAuditRecord(viaKey)).toMatchObject({
      action: "topup.created",
      actor: { type: "api_key", member_id: user.id, email: user.email, key_id: apiKey.id, key_name: "Bot", key_prefix: apiKey.prefix },
      details: { amount: "10.00" },
      ip: "192.0.2.9",
    });
    expect(toAuditRecord(operator).actor).toEqual({ type: "operator", member_id: null, email: null, key_id: null, key_name: null, key_prefix: null });
    expect(auditCsvCells(viaKey)).toEqual([
      viaKey.id,
      viaKey.createdAt.toISOString(),
      "topup.created",
      `API key Bot (${apiKey.prefix}…)`,
      user.id,
      apiKey.id,
      "",
      "amount=10.00",
      "192.0.2.9",
    ]);
  });
});
