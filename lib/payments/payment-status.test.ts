import { describe, expect, it } from "vitest";
import type { PaymentStatus } from "@/lib/db/schema";
import { paymentStatus } from "./payment-status";

const now = new Date("2026-11-21T10:00:00.000Z");
const later = new Date("2026-11-21T11:00:00.000Z");
const base = { status: "pending" as PaymentStatus, amount: 100_000_000n, seenAmount: 0n, receivedAmount: 0n, expiresAt: later };

describe("paymentStatus", () => {
  it.each([
    ["nothing seen", {}, now, "pending"],
    ["a transfer seen, not final", { seenAmount: 100_000_000n }, now, "confirming"],
    ["final transfers reach the amount exactly", { seenAmount: 100_000_000n, receivedAmount: 100_000_000n }, now, "paid"],
    ["an overpayment", { seenAmount: 150_000_000n, receivedAmount: 150_000_000n }, now, "paid"],
    ["an underpayment, final", { seenAmount: 40_000_000n, receivedAmount: 40_000_000n }, now, "partially_paid"],
    ["an underpayment and a second transfer still confirming", { seenAmount: 100_000_000n, receivedAmount: 40_000_000n }, now, "confirming"],
    ["time up with nothing", {}, later, "expired"],
    ["time up, partially paid", { seenAmount: 40_000_000n, receivedAmount: 40_000_000n }, later, "expired"],
    ["time up while a transfer sent in time is confirming", { seenAmount: 100_000_000n }, later, "confirming"],
    ["that transfer final after the time", { seenAmount: 100_000_000n, receivedAmount: 100_000_000n }, later, "paid"],
    ["an expired invoice stays expired", { status: "expired" as PaymentStatus, receivedAmount: 100_000_000n }, now, "expired"],
    ["a paid invoice stays paid past its time", { status: "paid" as PaymentStatus, receivedAmount: 100_000_000n }, later, "paid"],
  ])("%s", (_name, facts, at, expected) => {
    expect(paymentStatus({ ...base, ...facts }, at)).toBe(expected);
  });
});
