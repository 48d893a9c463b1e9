import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database, Db } from "@/lib/db/client";
import { chainTransfers, depositAddresses, jobs, ledgerEntries, payments, sandboxChainTransfers, users } from "@/lib/db/schema";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { resellerWithBalance } from "@/lib/orders/testing/helpers";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { finalizeSandboxTransfer, sandboxReader, sendSandboxTransfer } from "./chain/sandbox";
import { tronGridReader } from "./chain/trongrid";
import { depositAddressFor } from "./deposit-addresses";
import { unfinalSandboxTransfers } from "./admin-lists";
import { createPayment, getPayment, refreshPaymentStatus } from "./payments";
import { planFinality } from "./sandbox-credits";
import { toPaymentRecord } from "./serialize";
import { MAINNET_USDT, startFakeTronGrid, type FakeTronGrid } from "./testing/fake-trongrid";
import { isTronAddress } from "./tron-address";
import { SCAN_OVERLAP_MS, watchChainOnce, type WatchOptions } from "./watcher";
import { accountActor } from "@/lib/audit/record";

const quiet = () => {};
const USD = (dollars: number) => BigInt(dollars) * 1_000_000n;
/** TronGrid values are strings of base units; USDT has 6 decimals, so base units are micro-dollars. */
const units = (dollars: number) => String(USD(dollars));

describe(`USDT chain watcher against a fake TronGrid (${testDriver()})`, () => {
  let database: Database;
  let db: Db;
  let tron: FakeTronGrid;

  const options = (extra: Partial<WatchOptions> = {}): WatchOptions => ({
    reader: tronGridReader({ baseUrl: tron.url, apiKey: "test-key", timeoutMs: 5_000, log: quiet }),
    contractAddress: MAINNET_USDT,
    dust: USD(1),
    idleRescanMs: 0,
    log: quiet,
    ...extra,
  });
  const watch = (extra?: Partial<WatchOptions>) => watchChainOnce(db, options(extra));

  const balanceOf = async (userId: string) => (await db.select({ balance: users.balance }).from(users).where(eq(users.id, userId)))[0].balance;
  const topups = (userId: string) => db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId)).orderBy(ledgerEntries.id);
  const record = async (userId: string, paymentId: string) => {
    const { payment, transfers } = await getPayment(db, userId, paymentId);
    return toPaymentRecord(payment, transfers);
  };
  const cursorOf = async (userId: string) => (await db.select().from(depositAddresses).where(eq(depositAddresses.userId, userId)))[0];

  /** A reseller with an open invoice; the chain's transfers then come "now", after it. */
  async function invoiceFor(dollars: number) {
    const user = await resellerWithBalance(db, 0n);
    const { payment } = await createPayment(db, user.id, USD(dollars), accountActor(user.id));
    return { user, payment, address: payment.address };
  }

  beforeAll(async () => {
    database = await createTestDatabase({ maxConnections: 10 });
    db = database.db;
    await ensureTariffs(db);
    tron = await startFakeTronGrid();
  });
  beforeEach(async () => {
    // Each case watches only its own addresses.
    await db.delete(chainTransfers);
    await db.execute(sql`update ledger_entries set chain_transfer_id = null`);
    await db.delete(payments);
    await db.delete(depositAddresses);
    await db.delete(sandboxChainTransfers);
    await db.delete(jobs);
    tron.reset();
  });
  afterAll(async () => {
    await tron.close();
    await database.close();
  });

  it("keeps a transfer confirming until its block is solidified, then credits it once, naming the invoice and the hash", async () => {
    const { user, payment, address } = await invoiceFor(100);
    expect(isTronAddress(address)).toBe(true);
    const at = Date.now();
    const transfer = tron.addTransfer({ to: address, value: units(100), block_timestamp: at });
    tron.solidifiedAt = at - 3000;

    expect(await watch()).toMatchObject({ scanned: 1, recorded: 1, credited: 0 });
    expect(await record(user.id, payment.id)).toMatchObject({
      status: "confirming",
      received_amount: "0.00",
      transfers: [{ tx_hash: transfer.transaction_id, amount: "100.00", status: "confirming", block_timestamp: new Date(at).toISOString() }],
    });
    expect(await balanceOf(user.id)).toBe(0n);

    tron.solidifiedAt = at;
    expect(await watch()).toMatchObject({ recorded: 0, credited: 1 });
    const paid = await record(user.id, payment.id);
    expect(paid).toMatchObject({ status: "paid", received_amount: "100.00", transfers: [{ status: "credited" }] });
    expect(paid.paid_at).not.toBeNull();
    expect(await balanceOf(user.id)).toBe(USD(100));

    expect(await watch()).toMatchObject({ recorded: 0, credited: 0 });
    const entries = await topups(user.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ type: "topup", amount: USD(100), balanceAfter: USD(100), paymentId: payment.id });
    expect(entries[0].description).toContain(transfer.transaction_id);
    expect(entries[0].description).toContain(payment.id);

    const request = tron.requests.find((r) => r.path.includes("/transactions/trc20"))!;
    expect(request.path).toBe(`/v1/accounts/${address}/transactions/trc20`);
    expect(Object.fromEntries(request.query)).toMatchObject({ only_to: "true", only_confirmed: "true", contract_address: MAINNET_USDT, limit: "200" });
    expect(request.apiKey).toBe("test-key");
  });

  it("credits nothing twice over repeated and overlapping scans, and reads each time from the overlap window", async () => {
    const { user, address } = await invoiceFor(1000);
    const at = Date.now();
    for (const [i, dollars] of [5, 7, 11].entries()) tron.addTransfer({ to: address, value: units(dollars), block_timestamp: at + i * 3000 });
    tron.solidifiedAt = at + 10_000;

    for (let i = 0; i < 3; i++) await watch();
    expect(await topups(user.id)).toHaveLength(3);
    expect(await balanceOf(user.id)).toBe(USD(23));
    expect((await cursorOf(user.id)).scannedToMs).toBe(at + 6000);
    const minTimestamps = tron.requests.filter((r) => r.path.includes("trc20")).map((r) => Number(r.query.get("min_timestamp")));
    expect(minTimestamps.at(-1)).toBe(at + 6000 - SCAN_OVERLAP_MS);
  });

  it("credits each transfer once when two watchers run at once", async () => {
    const { user, address } = await invoiceFor(50);
    const at = Date.now();
    tron.addTransfer({ to: address, value: units(30), block_timestamp: at });
    tron.addTransfer({ to: address, value: units(20), block_timestamp: at + 3000 });
    tron.solidifiedAt = at + 3000;

    const results = await Promise.all([watch(), watch(), watch()]);
    expect(results.reduce((n, r) => n + r.recorded, 0)).toBe(2);
    expect(results.reduce((n, r) => n + r.credited, 0)).toBe(2);
    expect(await topups(user.id)).toHaveLength(2);
    expect(await balanceOf(user.id)).toBe(USD(50));
  });

  it("follows more than 200 transfers across pages by fingerprint", async () => {
    const user = await resellerWithBalance(db, 0n);
    const { address } = await depositAddressFor(db, user.id);
    const at = Date.now();
    for (let i = 0; i < 450; i++) tron.addTransfer({ to: address, value: units(1), block_timestamp: at + i });
    tron.solidifiedAt = at + 450;

    expect(await watch()).toMatchObject({ recorded: 450, credited: 450 });
    const pages = tron.requests.filter((r) => r.path.includes("trc20"));
    expect(pages.map((p) => p.query.get("fingerprint") !== null)).toEqual([false, true, true]);
    expect(await balanceOf(user.id)).toBe(USD(450));
  });

  it.each([
    ["403", { status: 403 }, true],
    ["429 with Retry-After", { status: 429, retryAfter: "30" }, true],
    ["503", { status: 503 }, true],
    ["a timeout", "timeout" as const, true],
    ["invalid JSON", "invalid-json" as const, false],
  ])("credits nothing and keeps the cursor on %s, then catches up", async (_name, fault, throttled) => {
    const { user, address, payment } = await invoiceFor(10);
    const before = (await cursorOf(user.id)).scannedToMs;
    const at = Date.now();
    tron.addTransfer({ to: address, value: units(10), block_timestamp: at });
    tron.solidifiedAt = at;
    tron.historyFaults = [fault];

    const result = await watch();
    expect(result).toMatchObject({ scanned: 0, failed: 1, recorded: 0, credited: 0 });
    expect(Boolean(result.throttled)).toBe(throttled);
    if (_name.includes("Retry-After")) expect(result.throttled?.retryAfterMs).toBe(30_000);
    const after = await cursorOf(user.id);
    expect(after.scannedToMs).toBe(before);
    expect(after.scanFailures).toBe(1);
    expect(after.lastScanError).toBeTruthy();
    expect(await balanceOf(user.id)).toBe(0n);

    expect(await watch()).toMatchObject({ recorded: 1, credited: 1 });
    expect((await record(user.id, payment.id)).status).toBe("paid");
    expect((await cursorOf(user.id)).scanFailures).toBe(0);
  });

  it("discards a scan whose second page fails: nothing recorded, the cursor stays", async () => {
    const user = await resellerWithBalance(db, 0n);
    const { address, scannedToMs } = await depositAddressFor(db, user.id);
    const at = Date.now();
    for (let i = 0; i < 250; i++) tron.addTransfer({ to: address, value: units(1), block_timestamp: at + i });
    tron.solidifiedAt = at + 250;
    tron.historyFaults = ["ok", { status: 503 }];

    expect(await watch()).toMatchObject({ failed: 1, recorded: 0 });
    expect((await cursorOf(user.id)).scannedToMs).toBe(scannedToMs);
    expect(await db.select().from(chainTransfers)).toHaveLength(0);
  });

  it("credits nothing while the solidified block cannot be read", async () => {
    const { user, address } = await invoiceFor(10);
    const at = Date.now();
    tron.addTransfer({ to: address, value: units(10), block_timestamp: at });
    tron.solidifiedAt = at;
    tron.nowBlockFaults = [{ status: 503 }];

    const result = await watch();
    expect(result).toMatchObject({ recorded: 1, credited: 0 });
    expect(result.throttled).toBeDefined();
    expect(await balanceOf(user.id)).toBe(0n);
    expect(await watch()).toMatchObject({ credited: 1 });
  });

  it("ignores other contracts, Approval records, outgoing transfers, other decimals and dust", async () => {
    const { user, address } = await invoiceFor(10);
    const at = Date.now();
    tron.ignoreFilters = true;
    const other = { symbol: "USDC", address: "TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8", decimals: 6, name: "USD Coin" };
    tron.addTransfer({ to: address, value: units(50), block_timestamp: at, token_info: other });
    tron.addTransfer({ to: address, value: units(50), block_timestamp: at, type: "Approval" });
    tron.addTransfer({ from: address, to: "TKHuVq1oKVruCGLvqVexFs6dawKv6fQgFs", value: units(50), block_timestamp: at });
    tron.addTransfer({
      to: address,
      value: units(50),
      block_timestamp: at,
      token_info: { symbol: "USDT", address: MAINNET_USDT, decimals: 18, name: "Tether USD" },
    });
    tron.addTransfer({ to: address, value: "999999", block_timestamp: at });
    const real = tron.addTransfer({ to: address, value: units(10), block_timestamp: at + 1 });
    tron.solidifiedAt = at + 1;

    expect(await watch()).toMatchObject({ recorded: 1, credited: 1 });
    const seen = await db.select().from(chainTransfers);
    expect(seen.map((t) => t.txHash)).toEqual([real.transaction_id]);
    expect(await balanceOf(user.id)).toBe(USD(10));
  });

  it("leaves an underpaid invoice partially paid and open, and a second transfer pays it", async () => {
    const { user, address, payment } = await invoiceFor(100);
    const at = Date.now();
    tron.addTransfer({ to: address, value: units(40), block_timestamp: at });
    tron.solidifiedAt = at;
    await watch();
    expect(await record(user.id, payment.id)).toMatchObject({ status: "partially_paid", received_amount: "40.00" });
    expect(await balanceOf(user.id)).toBe(USD(40));

    tron.addTransfer({ to: address, value: units(60), block_timestamp: at + 3000 });
    tron.solidifiedAt = at + 3000;
    await watch();
    const paid = await record(user.id, payment.id);
    expect(paid).toMatchObject({ status: "paid", received_amount: "100.00" });
    expect(paid.transfers.map((t) => t.amount)).toEqual(["40.00", "60.00"]);
    expect(await balanceOf(user.id)).toBe(USD(100));
  });

  it("credits an overpayment in full", async () => {
    const { user, address, payment } = await invoiceFor(100);
    const at = Date.now();
    tron.addTransfer({ to: address, value: "150250000", block_timestamp: at });
    tron.solidifiedAt = at;
    await watch();
    expect(await record(user.id, payment.id)).toMatchObject({ status: "paid", received_amount: "150.25" });
    expect(await balanceOf(user.id)).toBe(150_250_000n);
  });

  it("credits a late payment as a deposit and leaves the expired invoice expired", async () => {
    const user = await resellerWithBalance(db, 0n);
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    const { payment } = await createPayment(db, user.id, USD(100), accountActor(user.id), twoHoursAgo);
    await db.transaction((tx) => refreshPaymentStatus(tx, payment.id));
    expect((await record(user.id, payment.id)).status).toBe("expired");

    const at = Date.now();
    const late = tron.addTransfer({ to: payment.address, value: units(100), block_timestamp: at });
    tron.solidifiedAt = at;
    expect(await watch()).toMatchObject({ recorded: 1, credited: 1 });
    expect(await record(user.id, payment.id)).toMatchObject({ status: "expired", received_amount: "0.00", transfers: [] });
    const [entry] = await topups(user.id);
    expect(entry).toMatchObject({ type: "topup", amount: USD(100), paymentId: null });
    expect(entry.description).toContain(late.transaction_id);
    expect(await balanceOf(user.id)).toBe(USD(100));
  });

  it("credits a transfer with no invoice at all as a deposit", async () => {
    const user = await resellerWithBalance(db, 0n);
    const { address } = await depositAddressFor(db, user.id);
    const at = Date.now();
    tron.addTransfer({ to: address, value: units(20), block_timestamp: at });
    tron.solidifiedAt = at;
    expect(await watch()).toMatchObject({ recorded: 1, credited: 1 });
    const [entry] = await topups(user.id);
    expect(entry).toMatchObject({ type: "topup", amount: USD(20), paymentId: null });
    expect(entry.description).toMatch(/no open invoice/);
  });

  it("settles an invoice whose transfer was sent in time but became final after it expired", async () => {
    const user = await resellerWithBalance(db, 0n);
    // Created 59 minutes and 55 seconds ago: it expires five seconds from now.
    const { payment } = await createPayment(db, user.id, USD(100), accountActor(user.id), new Date(Date.now() - 3_595_000));
    const at = Date.now();
    tron.addTransfer({ to: payment.address, value: units(100), block_timestamp: at });
    tron.solidifiedAt = at - 1;
    await watch();
    const afterExpiry = new Date(payment.expiresAt.getTime() + 60_000);
    await db.transaction((tx) => refreshPaymentStatus(tx, payment.id, afterExpiry));
    expect((await getPayment(db, user.id, payment.id)).payment.status).toBe("confirming");

    tron.solidifiedAt = at;
    await watch();
    expect(await record(user.id, payment.id)).toMatchObject({ status: "paid", received_amount: "100.00" });
  });

  it("handles an amount as large as 123456789012345678 base units exactly", async () => {
    const user = await resellerWithBalance(db, 0n);
    const { address } = await depositAddressFor(db, user.id);
    const at = Date.now();
    tron.addTransfer({ to: address, value: "123456789012345678", block_timestamp: at });
    tron.solidifiedAt = at;
    await watch();
    expect(await balanceOf(user.id)).toBe(123456789012345678n);
    const [entry] = await topups(user.id);
    expect(entry.amount).toBe(123456789012345678n);
  });

  it("answers not found for another reseller's invoice and for text that cannot be an id", async () => {
    const { payment } = await invoiceFor(10);
    const stranger = await resellerWithBalance(db, 0n);
    for (const id of [payment.id, "pay_\u0000", "x".repeat(500), payment.id.toLowerCase()]) {
      await expect(getPayment(db, stranger.id, id)).rejects.toMatchObject({ code: "not_found" });
    }
  });

  it("gives every reseller its own permanent address, also when many ask at once", async () => {
    const resellers = await Promise.all([1, 2, 3, 4, 5].map(() => resellerWithBalance(db, 0n)));
    const first = await Promise.all(resellers.flatMap((r) => [depositAddressFor(db, r.id), depositAddressFor(db, r.id)]));
    const byUser = new Map<string, Set<string>>();
    for (const a of first) byUser.set(a.userId, (byUser.get(a.userId) ?? new Set()).add(a.address));
    expect([...byUser.values()].every((set) => set.size === 1)).toBe(true);
    const rows = await db.select().from(depositAddresses);
    expect(new Set(rows.map((r) => r.address)).size).toBe(5);
    expect(rows.map((r) => r.derivationIndex).sort()).toEqual([0, 1, 2, 3, 4]);
    expect((await depositAddressFor(db, resellers[0].id)).address).toBe([...byUser.get(resellers[0].id)!][0]);
  });

  it("runs the same flow on the sandbox chain: sent, confirming, made final, credited", async () => {
    const { user, payment } = await invoiceFor(25);
    const sandbox = { reader: sandboxReader(db) };
    const sent = await sendSandboxTransfer(db, { userId: user.id, amount: USD(25), final: false, contractAddress: MAINNET_USDT, sentBy: null });
    expect(await watch(sandbox)).toMatchObject({ recorded: 1, credited: 0 });
    expect((await record(user.id, payment.id)).status).toBe("confirming");
    await finalizeSandboxTransfer(db, sent.txHash);
    expect(await watch(sandbox)).toMatchObject({ credited: 1 });
    expect(await record(user.id, payment.id)).toMatchObject({ status: "paid", transfers: [{ tx_hash: sent.txHash, status: "credited" }] });
    expect(await balanceOf(user.id)).toBe(USD(25));
  });

  it("credits what the admin's confirmation of making a sandbox transfer final names: each reseller's transfers up to it, dust left out", async () => {
    const [first, second] = [await invoiceFor(50), await invoiceFor(50)];
    const sandbox = { reader: sandboxReader(db) };
    const send = (userId: string, amount: bigint) => sendSandboxTransfer(db, { userId, amount, final: false, contractAddress: MAINNET_USDT, sentBy: null });
    await send(first.user.id, USD(4));
    await send(second.user.id, 500_000n);
    const last = await send(first.user.id, USD(10));
    await watch(sandbox);

    const unfinal = await unfinalSandboxTransfers(db);
    expect(unfinal.map((t) => t.email)).toEqual([first.user.email, second.user.email, first.user.email]);
    expect(planFinality(unfinal, last.blockTimestamp, USD(1))).toEqual({ transfers: 3, credits: [{ email: first.user.email, amount: USD(14) }] });

    await finalizeSandboxTransfer(db, last.txHash);
    await watch(sandbox);
    expect(await balanceOf(first.user.id)).toBe(USD(14));
    expect(await balanceOf(second.user.id)).toBe(0n);
    expect(await unfinalSandboxTransfers(db)).toEqual([]);
  });
});
