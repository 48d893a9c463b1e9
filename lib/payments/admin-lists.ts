import { and, asc, desc, eq, gte, inArray, lt, lte, type SQL } from "drizzle-orm";
import { emailContains } from "@/lib/accounts/email-contains";
import type { AccountRef } from "@/lib/accounts/get-user";
import type { DbOrTx } from "@/lib/db/client";
import {
  chainTransfers,
  depositAddresses,
  ledgerEntries,
  OPEN_PAYMENT_STATUSES,
  payments,
  sandboxChainTransfers,
  users,
  type ChainTransfer,
  type ChainTransferStatus,
  type Payment,
  type PaymentStatus,
} from "@/lib/db/schema";
import { pageOf, type Page } from "@/lib/db/page";
import { listSandboxTransfers, type SandboxTransfer } from "./chain/sandbox";
import type { UnfinalTransfer } from "./sandbox-credits";
import { isOpen, paymentStatus } from "./payment-status";

export type Reseller = AccountRef;

export interface InvoiceListItem {
  payment: Payment;
  reseller: Reseller;
  /** The ledger entries (transaction ids) that credited the invoice's transfers, and those transfers' hashes, oldest first. */
  credits: { transactionId: string; txHash: string }[];
}

export interface TransferListItem {
  transfer: ChainTransfer;
  reseller: Reseller;
  /** The ledger entry that credited it; null while it is confirming. */
  ledgerEntryId: string | null;
}

export interface SandboxTransferItem {
  transfer: SandboxTransfer;
  /** Null for an address no reseller holds (the sandbox takes any address). */
  reseller: Reseller | null;
}

/** Every reseller's invoices, newest first, with the reseller and the credits each produced. */
export async function listInvoices(
  db: DbOrTx,
  options: { status?: PaymentStatus; email?: string; from?: Date; to?: Date; cursor?: string; limit: number },
): Promise<Page<InvoiceListItem>> {
  const conditions: SQL[] = [];
  if (options.status) conditions.push(eq(payments.status, options.status));
  if (options.email) conditions.push(emailContains(options.email));
  if (options.from) conditions.push(gte(payments.createdAt, options.from));
  if (options.to) conditions.push(lte(payments.createdAt, options.to));
  if (options.cursor) conditions.push(lt(payments.id, options.cursor));
  const rows = await db
    .select({ payment: payments, reseller: { id: users.id, email: users.email } })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(and(...conditions))
    .orderBy(desc(payments.id))
    .limit(options.limit + 1);
  const { data: page, nextCursor } = pageOf(rows, options.limit, (row) => row.payment.id);
  const credits = page.length
    ? await db
        .select({ paymentId: chainTransfers.paymentId, transactionId: ledgerEntries.id, txHash: chainTransfers.txHash })
        .from(chainTransfers)
        .innerJoin(ledgerEntries, eq(ledgerEntries.chainTransferId, chainTransfers.id))
        .where(
          inArray(
            chainTransfers.paymentId,
            page.map((row) => row.payment.id),
          ),
        )
        .orderBy(asc(ledgerEntries.id))
    : [];
  return {
    data: page.map((row) => ({
      ...row,
      credits: credits.filter((c) => c.paymentId === row.payment.id).map(({ transactionId, txHash }) => ({ transactionId, txHash })),
    })),
    nextCursor,
  };
}

/**
 * Transfers seen to deposit addresses, newest first, each with its reseller and the ledger entry that
 * credited it. With userId, one reseller's own; the admin filters by email instead.
 */
export async function listTransfers(
  db: DbOrTx,
  options: { userId?: string; status?: ChainTransferStatus; email?: string; from?: Date; to?: Date; cursor?: string; limit: number },
): Promise<Page<TransferListItem>> {
  const conditions: SQL[] = [];
  if (options.userId) conditions.push(eq(chainTransfers.userId, options.userId));
  if (options.status) conditions.push(eq(chainTransfers.status, options.status));
  if (options.email) conditions.push(emailContains(options.email));
  // By the time the chain made the transfer, which the list shows, not when the watcher saw it.
  if (options.from) conditions.push(gte(chainTransfers.blockTimestamp, options.from));
  if (options.to) conditions.push(lte(chainTransfers.blockTimestamp, options.to));
  if (options.cursor) conditions.push(lt(chainTransfers.id, options.cursor));
  const rows = await db
    .select({ transfer: chainTransfers, reseller: { id: users.id, email: users.email }, ledgerEntryId: ledgerEntries.id })
    .from(chainTransfers)
    .innerJoin(users, eq(users.id, chainTransfers.userId))
    .leftJoin(ledgerEntries, eq(ledgerEntries.chainTransferId, chainTransfers.id))
    .where(and(...conditions))
    .orderBy(desc(chainTransfers.id))
    .limit(options.limit + 1);
  return pageOf(rows, options.limit, (row) => row.transfer.id);
}

/** A reseller's invoices still open now (not past their expiry unpaid), oldest first: the order transfers fill them in. */
export async function openInvoices(db: DbOrTx, userId: string, now: Date = new Date()): Promise<Payment[]> {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), inArray(payments.status, [...OPEN_PAYMENT_STATUSES])))
    .orderBy(asc(payments.createdAt));
  return rows.filter((payment) => isOpen(paymentStatus(payment, now)));
}

/** The latest sandbox transfers, each with the reseller whose deposit address received it. */
export async function recentSandboxTransfers(db: DbOrTx, limit: number): Promise<SandboxTransferItem[]> {
  const transfers = await listSandboxTransfers(db, limit);
  const addresses = [...new Set(transfers.map((t) => t.toAddress))];
  const owners = addresses.length
    ? await db
        .select({ address: depositAddresses.address, id: users.id, email: users.email })
        .from(depositAddresses)
        .innerJoin(users, eq(users.id, depositAddresses.userId))
        .where(inArray(depositAddresses.address, addresses))
    : [];
  const byAddress = new Map(owners.map((o) => [o.address, { id: o.id, email: o.email }]));
  return transfers.map((transfer) => ({
    transfer,
    reseller: byAddress.get(transfer.toAddress) ?? null,
  }));
}

/** Every sandbox transfer whose block is not final yet, oldest first, with the email of the reseller it went to. */
export async function unfinalSandboxTransfers(db: DbOrTx): Promise<UnfinalTransfer[]> {
  return db
    .select({ value: sandboxChainTransfers.value, blockTimestamp: sandboxChainTransfers.blockTimestamp, email: users.email })
    .from(sandboxChainTransfers)
    .leftJoin(depositAddresses, eq(depositAddresses.address, sandboxChainTransfers.toAddress))
    .leftJoin(users, eq(users.id, depositAddresses.userId))
    .where(eq(sandboxChainTransfers.final, false))
    .orderBy(asc(sandboxChainTransfers.blockTimestamp));
}
