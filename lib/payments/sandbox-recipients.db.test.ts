import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "@/lib/db/client";
import { payments, users } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { resellersAwaitingPayment, searchResellerEmails, SUGGESTIONS } from "./sandbox-recipients";

const NOW = new Date("2026-06-01T12:00:00Z");
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);
const usdt = (n: number) => BigInt(n * 1_000_000);

/**
 * The sandbox transfer form once listed every reseller in a select: 20,000 options, 3.3 MB of page,
 * 0.6 to 1.5 s for /admin/payments. It now holds a few suggestions, and finds any other reseller by
 * the text typed.
 */
describe(`the sandbox transfer's recipients (${testDriver()})`, () => {
  let database: Database;
  let db: Db;

  async function reseller(email: string, role: "admin" | "reseller" = "reseller"): Promise<string> {
    const id = `usr_${email
      .replace(/[^a-z0-9]/g, "")
      .toUpperCase()
      .padEnd(26, "0")
      .slice(0, 26)}`;
    await db.insert(users).values({ id, accountId: id, email, name: email, passwordHash: "x", role });
    return id;
  }

  let invoices = 0;
  async function invoice(userId: string, facts: { amount: number; received?: number; seen?: number; status?: string; createdAt: Date; expiresAt: Date }) {
    invoices += 1;
    await db.insert(payments).values({
      id: `pay_${String(invoices).padStart(26, "0")}`,
      userId,
      address: `T${invoices}`,
      amount: usdt(facts.amount),
      receivedAmount: usdt(facts.received ?? 0),
      seenAmount: usdt(facts.seen ?? facts.received ?? 0),
      status: (facts.status ?? "pending") as "pending",
      createdAt: facts.createdAt,
      expiresAt: facts.expiresAt,
    });
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await ensureTariffs(db);
  }, 120_000);
  afterAll(async () => {
    await database.close();
  });

  it("suggests the resellers with an invoice open now, newest invoice first, with what is left to pay", async () => {
    const pending = await reseller("pending@shop.test");
    const partly = await reseller("partly@shop.test");
    const confirming = await reseller("confirming@shop.test");
    const twice = await reseller("twice@shop.test");
    const lapsed = await reseller("lapsed@shop.test");
    const paid = await reseller("paid@shop.test");
    const expired = await reseller("expired@shop.test");
    await invoice(pending, { amount: 25, createdAt: minutes(-30), expiresAt: minutes(30) });
    await invoice(partly, { amount: 30, received: 10, status: "partially_paid", createdAt: minutes(-10), expiresAt: minutes(50) });
    // Past its time, but a transfer sent in time is still confirming: it stays open until that lands.
    await invoice(confirming, { amount: 40, seen: 40, status: "confirming", createdAt: minutes(-70), expiresAt: minutes(-10) });
    await invoice(twice, { amount: 10, createdAt: minutes(-50), expiresAt: minutes(10) });
    await invoice(twice, { amount: 15, createdAt: minutes(-5), expiresAt: minutes(55) });
    // Not swept to expired yet, but nothing can pay it any more.
    await invoice(lapsed, { amount: 20, createdAt: minutes(-90), expiresAt: minutes(-30) });
    await invoice(paid, { amount: 20, received: 20, status: "paid", createdAt: minutes(-1), expiresAt: minutes(59) });
    await invoice(expired, { amount: 20, status: "expired", createdAt: minutes(-2), expiresAt: minutes(-1) });

    expect(await resellersAwaitingPayment(db, NOW)).toEqual([
      { email: "twice@shop.test", outstanding: usdt(25) },
      { email: "partly@shop.test", outstanding: usdt(20) },
      { email: "pending@shop.test", outstanding: usdt(25) },
      { email: "confirming@shop.test", outstanding: usdt(40) },
    ]);
  });

  it(`holds at most ${SUGGESTIONS} suggestions and finds any reseller by part of the email, in any case`, async () => {
    await db.execute(sql`
      insert into ${users} (id, account_id, email, name, password_hash)
      select 'usr_MANY' || lpad(n::text, 22, '0'), 'usr_MANY' || lpad(n::text, 22, '0'), 'many' || lpad(n::text, 4, '0') || '@crowd.test', 'many', 'x'
      from generate_series(1, 300) as n`);
    await db.execute(sql`
      insert into ${payments} (id, user_id, address, amount, expires_at, created_at)
      select 'pay_MANY' || lpad(n::text, 22, '0'), 'usr_MANY' || lpad(n::text, 22, '0'), 'TMany' || n, 10000000, ${minutes(60).toISOString()}::timestamptz, ${minutes(-4).toISOString()}::timestamptz + n * interval '100 milliseconds'
      from generate_series(1, 300) as n`);
    await reseller("owner@admin.test", "admin");
    await reseller("a_b%c@odd.test");
    await reseller("axbyc@odd.test");
    await reseller("x@crowd.test");
    await reseller("crowd@y.test");

    const awaiting = await resellersAwaitingPayment(db, NOW);
    expect(awaiting.map((s) => s.email)).toEqual([
      "many0300@crowd.test",
      "many0299@crowd.test",
      "many0298@crowd.test",
      "many0297@crowd.test",
      "many0296@crowd.test",
      "many0295@crowd.test",
      "many0294@crowd.test",
      "many0293@crowd.test",
    ]);

    expect(await searchResellerEmails(db, "  MANY01  ")).toEqual(
      ["many0100", "many0101", "many0102", "many0103", "many0104", "many0105", "many0106", "many0107"].map((name) => ({
        email: `${name}@crowd.test`,
        outstanding: null,
      })),
    );
    expect(await searchResellerEmails(db, "many0042@")).toEqual([{ email: "many0042@crowd.test", outstanding: null }]);
    expect((await searchResellerEmails(db, "Crowd")).map((s) => s.email)).toEqual([
      "crowd@y.test",
      "x@crowd.test",
      ...["many0001", "many0002", "many0003", "many0004", "many0005", "many0006"].map((name) => `${name}@crowd.test`),
    ]);
    expect((await searchResellerEmails(db, "_b%")).map((s) => s.email)).toEqual(["a_b%c@odd.test"]);
    expect(await searchResellerEmails(db, "admin.test")).toEqual([]);
    expect(await searchResellerEmails(db, " ")).toEqual([]);
  });
});
