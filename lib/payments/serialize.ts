import { z } from "zod";
import { moneyString, timestampString } from "@/lib/records/fields";
import { PAYMENT_STATUSES, type ChainTransfer, type Payment } from "@/lib/db/schema";
import { formatMoney } from "@/lib/money/money";
import { paymentStatus } from "./payment-status";

export const paymentTransferSchema = z.object({
  tx_hash: z.string().meta({ description: "The TRON transaction id (64 hex characters)." }),
  amount: moneyString,
  status: z.enum(["confirming", "credited"]).meta({ description: "credited: final and added to the balance, once." }),
  block_timestamp: timestampString,
});

export const paymentSchema = z
  .object({
    payment_id: z.string().meta({ example: "pay_01JD4X0000ABCDEFGHJKMNPQRS" }),
    method: z.literal("usdt-trc20"),
    network: z.literal("TRC20"),
    status: z.enum(PAYMENT_STATUSES).meta({
      description:
        "pending (nothing seen) -> confirming (a transfer seen, not final yet) -> paid (final transfers reach the amount; any excess is credited too) " +
        "or partially_paid (final, less than the amount; open for more until expires_at) -> expired (what arrived stays credited).",
    }),
    amount: moneyString.meta({ description: "What the invoice asks for, in USDT (1:1 with USD)." }),
    address: z.string().meta({ description: "Your permanent TRC-20 deposit address: send USDT on TRON only.", example: "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH" }),
    received_amount: moneyString.meta({ description: "The final (credited) transfers counted towards this invoice." }),
    expires_at: timestampString,
    paid_at: timestampString.nullable(),
    transfers: z.array(paymentTransferSchema),
    created_at: timestampString,
  })
  .meta({ id: "Payment" });

export type PaymentRecord = z.infer<typeof paymentSchema>;

export function toPaymentRecord(payment: Payment, transfers: ChainTransfer[], now: Date = new Date()): PaymentRecord {
  return {
    payment_id: payment.id,
    method: "usdt-trc20",
    network: "TRC20",
    status: paymentStatus(payment, now),
    amount: formatMoney(payment.amount),
    address: payment.address,
    received_amount: formatMoney(payment.receivedAmount),
    expires_at: payment.expiresAt.toISOString(),
    paid_at: payment.paidAt?.toISOString() ?? null,
    transfers: transfers
      .filter((t) => t.paymentId === payment.id)
      .map((t) => ({ tx_hash: t.txHash, amount: formatMoney(t.amount), status: t.status, block_timestamp: t.blockTimestamp.toISOString() })),
    created_at: payment.createdAt.toISOString(),
  };
}
