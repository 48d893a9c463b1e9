import { count, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { OPEN_PAYMENT_STATUSES, payments } from "@/lib/db/schema";

export interface OpenInvoiceCounts {
  /** Invoices still open: waiting for a transfer, confirming one, or paid in part. */
  open: number;
  /** Of those, the ones a reseller has paid in part, which an admin may be asked about. */
  partiallyPaid: number;
}

/** Counted over the open invoices' partial index, not the whole history. */
export async function openInvoiceCounts(db: DbOrTx): Promise<OpenInvoiceCounts> {
  const [row] = await db
    .select({ open: count(), partiallyPaid: sql<number>`(count(*) filter (where ${payments.status} = 'partially_paid'))::int` })
    .from(payments)
    .where(inArray(payments.status, [...OPEN_PAYMENT_STATUSES]));
  return row;
}
