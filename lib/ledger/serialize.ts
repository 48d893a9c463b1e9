import { z } from "zod";
import { LEDGER_ENTRY_TYPES, type LedgerEntry } from "@/lib/db/schema";
import { formatMoney } from "@/lib/money/money";
import { moneyString, timestampString } from "@/lib/records/fields";

export const transactionSchema = z
  .object({
    transaction_id: z.string().meta({ example: "txn_01JD4X0000ABCDEFGHJKMNPQRS" }),
    type: z.enum(LEDGER_ENTRY_TYPES),
    amount: moneyString.meta({ description: "Signed: credits positive, debits negative.", example: "-19.40" }),
    balance_after: moneyString,
    order_id: z.string().nullable(),
    payment_id: z.string().nullable(),
    description: z.string(),
    created_at: timestampString,
  })
  .meta({ id: "Transaction" });

export type TransactionRecord = z.infer<typeof transactionSchema>;

export function toTransactionRecord(entry: LedgerEntry): TransactionRecord {
  return {
    transaction_id: entry.id,
    type: entry.type,
    amount: formatMoney(entry.amount),
    balance_after: formatMoney(entry.balanceAfter),
    order_id: entry.orderId,
    payment_id: entry.paymentId,
    description: entry.description,
    created_at: entry.createdAt.toISOString(),
  };
}
