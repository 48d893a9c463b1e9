import { eq, sum } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "@/lib/accounts/create-user";
import type { Database } from "@/lib/db/client";
import { ledgerEntries, users } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { AppError } from "@/lib/errors/app-error";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { adjustBalance } from "./adjust-balance";
import { getLedgerEntry, listLedgerEntries } from "./list-entries";
import { postLedgerEntry } from "./post-entry";

describe(`ledger (${testDriver()})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase({ maxConnections: 20 });
    await ensureTariffs(database.db);
  });
  afterAll(async () => {
    await database.close();
  });

  const newReseller = (email: string) => createUser(database.db, { email, password: "long-enough-password" });

  async function balanceAndLedgerSum(userId: string) {
    const [user] = await database.db.select({ balance: users.balance }).from(users).where(eq(users.id, userId));
    const [row] = await database.db
      .select({ total: sum(ledgerEntries.amount) })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, userId));
    return { balance: user.balance, ledgerSum: BigInt(row.total ?? "0") };
  }

  it("credits and debits move the balance and record balance_after", async () => {
    const user = await newReseller("ledger-basic@test.dev");
    const credit = await adjustBalance(database.db, { userId: user.id, amount: 20_000_000n, note: "opening" });
    expect(credit).toMatchObject({ type: "adjustment", amount: 20_000_000n, balanceAfter: 20_000_000n, description: "opening" });
    const debit = await database.db.transaction((tx) =>
      postLedgerEntry(tx, { userId: user.id, type: "order", amount: -19_400_000n, description: "Gift card" }),
    );
    expect(debit.balanceAfter).toBe(600_000n);
    expect(await balanceAndLedgerSum(user.id)).toEqual({ balance: 600_000n, ledgerSum: 600_000n });
  });

  it("refuses a debit past zero with insufficient_balance and changes nothing", async () => {
    const user = await newReseller("ledger-short@test.dev");
    await adjustBalance(database.db, { userId: user.id, amount: 3_000_000n, note: "opening" });
    const attempt = database.db.transaction((tx) => postLedgerEntry(tx, { userId: user.id, type: "order", amount: -5_000_000n, description: "too much" }));
    await expect(attempt).rejects.toMatchObject({ code: "insufficient_balance", message: "Balance 3.00 is below the amount 5.00." });
    expect(await balanceAndLedgerSum(user.id)).toEqual({ balance: 3_000_000n, ledgerSum: 3_000_000n });
  });

  it("under 4N concurrent debits against a balance for N, exactly N succeed and the balance ends at zero", async () => {
    const user = await newReseller("ledger-race@test.dev");
    const n = 10;
    await adjustBalance(database.db, { userId: user.id, amount: BigInt(n) * 1_500_000n, note: "exactly N" });
    const results = await Promise.allSettled(
      Array.from({ length: 4 * n }, () =>
        database.db.transaction((tx) => postLedgerEntry(tx, { userId: user.id, type: "order", amount: -1_500_000n, description: "race" })),
      ),
    );
    const succeeded = results.filter((r) => r.status === "fulfilled").length;
    const refused = results.filter((r) => r.status === "rejected" && r.reason instanceof AppError && r.reason.code === "insufficient_balance").length;
    expect(succeeded).toBe(n);
    expect(refused).toBe(3 * n);
    expect(await balanceAndLedgerSum(user.id)).toEqual({ balance: 0n, ledgerSum: 0n });
  });

  it("lists newest first with a cursor, filters by type, and scopes reads to the owner", async () => {
    const owner = await newReseller("ledger-list@test.dev");
    const other = await newReseller("ledger-other@test.dev");
    for (let i = 1; i <= 5; i++) await adjustBalance(database.db, { userId: owner.id, amount: BigInt(i) * 1_000_000n, note: `credit ${i}` });
    const first = await listLedgerEntries(database.db, { userId: owner.id, limit: 2 });
    expect(first.data.map((e) => e.description)).toEqual(["credit 5", "credit 4"]);
    const second = await listLedgerEntries(database.db, { userId: owner.id, limit: 2, cursor: first.nextCursor! });
    expect(second.data.map((e) => e.description)).toEqual(["credit 3", "credit 2"]);
    const last = await listLedgerEntries(database.db, { userId: owner.id, limit: 2, cursor: second.nextCursor! });
    expect(last).toMatchObject({ nextCursor: null });
    expect(last.data.map((e) => e.description)).toEqual(["credit 1"]);
    expect((await listLedgerEntries(database.db, { userId: owner.id, limit: 10, type: "refund" })).data).toEqual([]);
    await expect(getLedgerEntry(database.db, other.id, first.data[0].id)).rejects.toMatchObject({ code: "not_found" });
  });

  it("an adjustment needs a note and a non-zero amount", async () => {
    const user = await newReseller("ledger-adjust@test.dev");
    await expect(adjustBalance(database.db, { userId: user.id, amount: 0n, note: "x" })).rejects.toMatchObject({ code: "validation_error" });
    await expect(adjustBalance(database.db, { userId: user.id, amount: 1n, note: "  " })).rejects.toMatchObject({ code: "validation_error" });
    // The note is the reseller's transaction description: nothing in it may read otherwise than written.
    for (const note of ["\u202eevil\u202c credit", "bank\u0007ref", "zero\u200bwidth", "n".repeat(501)]) {
      await expect(adjustBalance(database.db, { userId: user.id, amount: 1n, note })).rejects.toMatchObject({
        code: "validation_error",
        details: { issues: [{ path: "note" }] },
      });
    }
    expect((await adjustBalance(database.db, { userId: user.id, amount: 1n, note: ` ${"😀".repeat(500)} ` })).description).toBe("😀".repeat(500));
  });

  it("an adjustment confirmed for a balance is refused once the balance moved, and of two confirmed for the same balance at once exactly one lands", async () => {
    const user = await newReseller("ledger-expected@test.dev");
    await adjustBalance(database.db, { userId: user.id, amount: 10_000_000n, note: "opening" });
    await database.db.transaction((tx) => postLedgerEntry(tx, { userId: user.id, type: "order", amount: -1_000_000n, description: "An order meanwhile" }));
    await expect(adjustBalance(database.db, { userId: user.id, amount: 5_000_000n, note: "seen at 10", expectedBalance: 10_000_000n })).rejects.toMatchObject({
      code: "validation_error",
      message: "The balance changed to 9.00 meanwhile. Review the adjustment again.",
      details: { balance: "9.00" },
    });
    expect(await balanceAndLedgerSum(user.id)).toEqual({ balance: 9_000_000n, ledgerSum: 9_000_000n });

    const both = await Promise.allSettled(
      [-4_000_000n, -5_000_000n].map((amount) => adjustBalance(database.db, { userId: user.id, amount, note: "seen at 9", expectedBalance: 9_000_000n })),
    );
    expect(both.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const refused = both.find((outcome) => outcome.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(AppError);
    expect(refused.reason.message).toMatch(/^The balance changed to \d+\.\d{2} meanwhile\./);
    const landed = (both.find((outcome) => outcome.status === "fulfilled") as PromiseFulfilledResult<{ balanceAfter: bigint }>).value;
    expect(await balanceAndLedgerSum(user.id)).toEqual({ balance: landed.balanceAfter, ledgerSum: landed.balanceAfter });
    expect([4_000_000n, 5_000_000n]).toContain(landed.balanceAfter);
  });
});
