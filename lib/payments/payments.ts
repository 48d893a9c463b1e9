import { recordAudit, type AuditActor } from "@/lib/audit/record";
import { and, asc, desc, eq, inArray, lt, type SQL } from "drizzle-orm";
import { config } from "@/lib/config/env";
import type { DbOrTx } from "@/lib/db/client";
import { chainTransfers, payments, type ChainTransfer, type Payment, type PaymentStatus } from "@/lib/db/schema";
import { notFound, validationError } from "@/lib/errors/app-error";
import { isIdOf, newId } from "@/lib/ids/ids";
import { enqueueJob, runJobNow } from "@/lib/jobs/queue";
import { pageOf, type Page } from "@/lib/db/page";
import { formatMoney } from "@/lib/money/money";
import { notify } from "@/lib/notifications/notify";
import { depositAddressFor } from "./deposit-addresses";
import { paymentStatus } from "./payment-status";

export const CHAIN_WATCH_JOB = "payments.chain-watch";
export const PAYMENT_EXPIRE_JOB = "payments.expire";

export interface PaymentWithTransfers {
  payment: Payment;
  transfers: ChainTransfer[];
}

/** The amount bounds an invoice must keep within, from the configuration. */
export function paymentBounds(): { min: bigint; max: bigint } {
  const cfg = config();
  return { min: cfg.PAYMENT_MIN, max: cfg.PAYMENT_MAX };
}

/**
 * A top-up invoice to the reseller's own deposit address, open for PAYMENT_TTL. Its expiry is a job
 * queued in the same transaction, so it happens even if this process dies right after.
 */
export async function createPayment(db: DbOrTx, userId: string, amount: bigint, actor: AuditActor, now: Date = new Date()): Promise<PaymentWithTransfers> {
  const { min, max } = paymentBounds();
  if (amount < min || amount > max) {
    throw validationError([{ path: "amount", message: `Should be from ${formatMoney(min)} to ${formatMoney(max)} USDT.` }]);
  }
  const payment = await db.transaction(async (tx) => {
    const deposit = await depositAddressFor(tx, userId);
    const [created] = await tx
      .insert(payments)
      .values({
        id: newId("pay", now.getTime()),
        userId,
        address: deposit.address,
        amount,
        expiresAt: new Date(now.getTime() + config().PAYMENT_TTL),
        createdAt: now,
      })
      .returning();
    await enqueueJob(tx, {
      kind: PAYMENT_EXPIRE_JOB,
      payload: { paymentId: created.id },
      runAt: created.expiresAt,
      dedupeKey: `${PAYMENT_EXPIRE_JOB}:${created.id}`,
    });
    await recordAudit(tx, { accountId: userId, actor, action: "topup.created", subject: created.id, details: { amount: formatMoney(amount) } });
    return created;
  });
  // Read the address soon rather than at the next idle rescan: the reseller is about to pay.
  await runJobNow(db, CHAIN_WATCH_JOB);
  return { payment, transfers: [] };
}

/** The reseller's invoices, newest first, each with its transfers. */
export async function listPayments(
  db: DbOrTx,
  options: { userId?: string; status?: PaymentStatus; cursor?: string; limit: number },
): Promise<Page<PaymentWithTransfers>> {
  const conditions: SQL[] = [];
  if (options.userId) conditions.push(eq(payments.userId, options.userId));
  if (options.status) conditions.push(eq(payments.status, options.status));
  if (options.cursor) conditions.push(lt(payments.id, options.cursor));
  const rows = await db
    .select()
    .from(payments)
    .where(and(...conditions))
    .orderBy(desc(payments.id))
    .limit(options.limit + 1);
  const { data: page, nextCursor } = pageOf(rows, options.limit);
  const transfers = page.length
    ? await db
        .select()
        .from(chainTransfers)
        .where(
          inArray(
            chainTransfers.paymentId,
            page.map((p) => p.id),
          ),
        )
        .orderBy(asc(chainTransfers.blockTimestamp))
    : [];
  return {
    data: page.map((payment) => ({ payment, transfers: transfers.filter((t) => t.paymentId === payment.id) })),
    nextCursor,
  };
}

/** One invoice of this reseller; another reseller's reads as not found. */
export async function getPayment(db: DbOrTx, userId: string, paymentId: string): Promise<PaymentWithTransfers> {
  if (!isIdOf("pay", paymentId)) throw notFound("Payment");
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.userId, userId)));
  if (!payment) throw notFound("Payment");
  const transfers = await db.select().from(chainTransfers).where(eq(chainTransfers.paymentId, payment.id)).orderBy(asc(chainTransfers.blockTimestamp));
  return { payment, transfers };
}

/** Stores the status the invoice's money gives it now; call under the transaction that changed the money. */
export async function refreshPaymentStatus(tx: DbOrTx, paymentId: string, now: Date = new Date()): Promise<Payment | undefined> {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
  if (!payment) return undefined;
  const status = paymentStatus(payment, now);
  if (status === payment.status) return payment;
  const [updated] = await tx
    .update(payments)
    .set({ status, paidAt: status === "paid" ? now : payment.paidAt })
    .where(eq(payments.id, paymentId))
    .returning();
  if (status === "expired") await notify(tx, { userId: updated.userId, kind: "topup_expired", paymentId: updated.id, expected: updated.amount });
  return updated;
}
