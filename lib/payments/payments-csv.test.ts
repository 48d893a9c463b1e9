import { describe, expect, it } from "vitest";
import { csvLine } from "@/lib/csv/csv";
import type { ChainTransfer, Payment } from "@/lib/db/schema";
import { INVOICE_CSV_COLUMNS, invoiceCsvCells, TRANSFER_CSV_COLUMNS, transferCsvCells } from "./payments-csv";

const reseller = { id: "usr_1", email: "shop@example.com" };
const created = new Date("2026-11-21T10:00:00.000Z");

const payment = (overrides: Partial<Payment> = {}): Payment => ({
  id: "pay_01TEST",
  userId: "usr_1",
  address: "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH",
  amount: 100_000_000n,
  status: "pending",
  seenAmount: 0n,
  receivedAmount: 0n,
  expiresAt: new Date("2026-11-21T11:00:00.000Z"),
  paidAt: null,
  createdAt: created,
  ...overrides,
});

const transfer = (overrides: Partial<ChainTransfer> = {}): ChainTransfer => ({
  id: "trf_01TEST",
  txHash: "ab".repeat(32),
  toAddress: "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH",
  fromAddress: "TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf",
  userId: "usr_1",
  paymentId: "pay_01TEST",
  amount: 40_500_000n,
  blockTimestamp: new Date("2026-11-21T10:05:00.000Z"),
  status: "credited",
  source: "sandbox",
  creditedAt: new Date("2026-11-21T10:06:00.000Z"),
  createdAt: created,
  ...overrides,
});

describe("invoices CSV", () => {
  it("writes each column in the header's order, money as decimal strings and the credits space-separated", () => {
    expect(csvLine(INVOICE_CSV_COLUMNS)).toBe(
      "payment_id,created_at,reseller_id,reseller_email,status,amount,received_amount,address,expires_at,paid_at,transaction_ids,tx_hashes\r\n",
    );
    const paid = payment({ status: "paid", seenAmount: 100_500_000n, receivedAmount: 100_500_000n, paidAt: new Date("2026-11-21T10:30:00.000Z") });
    const credits = [
      { transactionId: "txn_1", txHash: "aa".repeat(32) },
      { transactionId: "txn_2", txHash: "bb".repeat(32) },
    ];
    expect(csvLine(invoiceCsvCells({ payment: paid, reseller, credits }, created))).toBe(
      `pay_01TEST,2026-11-21T10:00:00.000Z,usr_1,shop@example.com,paid,100.00,100.50,TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH,2026-11-21T11:00:00.000Z,2026-11-21T10:30:00.000Z,txn_1 txn_2,${"aa".repeat(32)} ${"bb".repeat(32)}\r\n`,
    );
  });

  it("writes the status the page shows at that time, not the one stored", () => {
    const afterExpiry = new Date("2026-11-21T12:00:00.000Z");
    expect(invoiceCsvCells({ payment: payment(), reseller, credits: [] }, afterExpiry)[4]).toBe("expired");
    expect(invoiceCsvCells({ payment: payment({ receivedAmount: 40_500_000n, seenAmount: 40_500_000n }), reseller, credits: [] }, created)[4]).toBe(
      "partially_paid",
    );
  });

  it("defuses a reseller email that a spreadsheet would read as a formula", () => {
    const cells = invoiceCsvCells({ payment: payment(), reseller: { id: "usr_1", email: "+cmd@example.com" }, credits: [] }, created);
    expect(cells[3]).toBe("'+cmd@example.com");
  });
});

describe("transfers CSV", () => {
  it("writes each column in the header's order, money as a decimal string", () => {
    expect(csvLine(TRANSFER_CSV_COLUMNS)).toBe(
      "transfer_id,block_timestamp,reseller_id,reseller_email,tx_hash,from_address,to_address,amount,status,payment_id,transaction_id,credited_at\r\n",
    );
    expect(csvLine(transferCsvCells({ transfer: transfer(), reseller, ledgerEntryId: "txn_1" }))).toBe(
      `trf_01TEST,2026-11-21T10:05:00.000Z,usr_1,shop@example.com,${"ab".repeat(32)},TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf,TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH,40.50,credited,pay_01TEST,txn_1,2026-11-21T10:06:00.000Z\r\n`,
    );
  });

  it("leaves the invoice, the ledger entry and the credit time empty while a transfer has none, and defuses a made-up sender", () => {
    const confirming = transfer({ status: "confirming", paymentId: null, creditedAt: null, fromAddress: "=cmd|'/c calc'!A0" });
    expect(csvLine(transferCsvCells({ transfer: confirming, reseller, ledgerEntryId: null }))).toBe(
      `trf_01TEST,2026-11-21T10:05:00.000Z,usr_1,shop@example.com,${"ab".repeat(32)},'=cmd|'/c calc'!A0,TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH,40.50,confirming,,,\r\n`,
    );
  });
});
