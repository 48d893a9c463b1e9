import { describe, expect, it } from "vitest";
import { csvLine } from "@/lib/csv/csv";
import type { LedgerEntry } from "@/lib/db/schema";
import { TRANSACTION_CSV_COLUMNS, transactionCsvCells } from "./transactions-csv";

const entry = (overrides: Partial<LedgerEntry> = {}): LedgerEntry => ({
  id: "txn_01TEST",
  userId: "usr_1",
  type: "order",
  amount: -19_400_000n,
  balanceAfter: 80_600_000n,
  orderId: "ord_01TEST",
  paymentId: null,
  chainTransferId: null,
  claimId: null,
  createdBy: null,
  description: "Order ord_01TEST: 2 × Steam Gift Card 10 USD",
  createdAt: new Date("2026-11-21T10:15:30.123Z"),
  ...overrides,
});

describe("transactions CSV", () => {
  it("names its columns as the API does, with signed money as decimal strings", () => {
    expect(csvLine(TRANSACTION_CSV_COLUMNS)).toBe("transaction_id,created_at,type,amount,balance_after,order_id,payment_id,description\r\n");
    expect(csvLine(transactionCsvCells(entry()))).toBe(
      "txn_01TEST,2026-11-21T10:15:30.123Z,order,-19.40,80.60,ord_01TEST,,Order ord_01TEST: 2 × Steam Gift Card 10 USD\r\n",
    );
  });

  it("keeps micro-dollars, and defuses a formula in an admin's note", () => {
    const line = csvLine(
      transactionCsvCells(entry({ type: "adjustment", amount: 100_000_437n, balanceAfter: 180_600_437n, orderId: null, description: "=cmd|' /C calc'!A0" })),
    );
    expect(line).toBe("txn_01TEST,2026-11-21T10:15:30.123Z,adjustment,100.000437,180.600437,,,'=cmd|' /C calc'!A0\r\n");
  });
});
