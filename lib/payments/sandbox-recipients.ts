import { and, asc, desc, eq, gt, inArray, lt, max, or, sql, sum } from "drizzle-orm";
import { emailContains } from "@/lib/accounts/email-contains";
import type { DbOrTx } from "@/lib/db/client";
import { OPEN_PAYMENT_STATUSES, payments, users } from "@/lib/db/schema";

/** A reseller the sandbox transfer form suggests; `outstanding` is what their open invoices still wait for. */
export interface RecipientSuggestion {
  email: string;
  outstanding: bigint | null;
}

/** How many suggestions the form holds at a time: a list to read, never every reseller. */
export const SUGGESTIONS = 8;

/**
 * Resellers with an invoice open now, the one with the newest invoice first: whom an admin testing a
 * top-up sends to. Open as paymentStatus reads it: not paid in full, and before its expiry unless a
 * transfer to it is still confirming.
 */
export async function resellersAwaitingPayment(db: DbOrTx, now: Date = new Date()): Promise<RecipientSuggestion[]> {
  const rows = await db
    .select({ email: users.email, outstanding: sum(sql`${payments.amount} - ${payments.receivedAmount}`).mapWith(BigInt) })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(
      and(
        inArray(payments.status, [...OPEN_PAYMENT_STATUSES]),
        lt(payments.receivedAmount, payments.amount),
        or(gt(payments.expiresAt, now), gt(payments.seenAmount, payments.receivedAmount)),
      ),
    )
    .groupBy(users.id)
    .orderBy(desc(max(payments.createdAt)))
    .limit(SUGGESTIONS);
  return rows;
}

/**
 * Resellers whose email holds the text (literally, in any case), at most SUGGESTIONS of them: those
 * where it comes earliest first, then the shortest, so a whole email typed is found among its longer
 * namesakes (mia@ before mia2@ and amia@).
 */
export async function searchResellerEmails(db: DbOrTx, text: string): Promise<RecipientSuggestion[]> {
  const needle = text.trim();
  if (!needle) return [];
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, "reseller"), emailContains(needle)))
    .orderBy(sql`strpos(lower(${users.email}), lower(${needle}))`, sql`length(${users.email})`, asc(users.email))
    .limit(SUGGESTIONS);
  return rows.map((row) => ({ email: row.email, outstanding: null }));
}
