import type { Payment, PaymentStatus } from "@/lib/db/schema";

type StatusFacts = Pick<Payment, "status" | "amount" | "seenAmount" | "receivedAmount" | "expiresAt">;

/**
 * An invoice's status from its money: paid once final transfers reach the amount; confirming while a
 * transfer counted towards it is not final yet (even past expiry: it was sent in time); expired once
 * the time is up; otherwise partially paid or still pending. Paid and expired are final.
 */
export function paymentStatus(payment: StatusFacts, now: Date): PaymentStatus {
  if (payment.status === "paid" || payment.status === "expired") return payment.status;
  if (payment.receivedAmount >= payment.amount) return "paid";
  if (payment.seenAmount > payment.receivedAmount) return "confirming";
  if (now.getTime() >= payment.expiresAt.getTime()) return "expired";
  return payment.receivedAmount > 0n ? "partially_paid" : "pending";
}

export function isOpen(status: PaymentStatus): boolean {
  return status === "pending" || status === "confirming" || status === "partially_paid";
}
