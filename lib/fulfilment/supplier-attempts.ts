import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/lib/db/client";
import {
  OPEN_ATTEMPT_STATUSES,
  offers,
  orders,
  supplierAttempts,
  suppliers,
  type Offer,
  type Order,
  type Supplier,
  type SupplierAttempt,
  type SupplierAttemptStatus,
} from "@/lib/db/schema";
import { newId } from "@/lib/ids/ids";
import { uniqueViolation } from "@/lib/orders/errors";
import type { RefusalCode } from "./suppliers/connector";

const MAX_ERROR_LENGTH = 1000;

export async function attemptsOf(db: DbOrTx, orderId: string): Promise<SupplierAttempt[]> {
  return db.select().from(supplierAttempts).where(eq(supplierAttempts.orderId, orderId)).orderBy(asc(supplierAttempts.createdAt), asc(supplierAttempts.id));
}

export async function openAttemptOf(db: DbOrTx, orderId: string): Promise<SupplierAttempt | null> {
  const [open] = await db
    .select()
    .from(supplierAttempts)
    .where(and(eq(supplierAttempts.orderId, orderId), inArray(supplierAttempts.status, [...OPEN_ATTEMPT_STATUSES])));
  return open ?? null;
}

export interface RoutedOffer {
  offer: Offer;
  supplier: Supplier;
}

/**
 * The enabled offers of enabled suppliers for a product that the upstream's catalog last listed as sold,
 * in the order they are tried: priority, then lowest cost.
 */
export async function usableOffers(db: DbOrTx, sku: string): Promise<RoutedOffer[]> {
  return db
    .select({ offer: offers, supplier: suppliers })
    .from(offers)
    .innerJoin(suppliers, eq(suppliers.id, offers.supplierId))
    .where(and(eq(offers.sku, sku), eq(offers.enabled, true), eq(offers.available, true), eq(suppliers.enabled, true)))
    .orderBy(asc(offers.priority), asc(offers.cost), asc(offers.id));
}

export async function routedOfferOf(db: DbOrTx, attempt: SupplierAttempt): Promise<RoutedOffer> {
  const [row] = await db
    .select({ offer: offers, supplier: suppliers })
    .from(offers)
    .innerJoin(suppliers, eq(suppliers.id, offers.supplierId))
    .where(eq(offers.id, attempt.offerId));
  return row;
}

/** A refusal made here, before anything is sent (the cost guard): a finished attempt of its own. */
export async function recordSkippedOffer(db: DbOrTx, order: Order, routed: RoutedOffer, code: RefusalCode, error: string): Promise<void> {
  await db.insert(supplierAttempts).values({
    id: newId("sat"),
    orderId: order.id,
    offerId: routed.offer.id,
    supplierId: routed.supplier.id,
    cost: routed.offer.cost * BigInt(order.quantity),
    status: "refused",
    errorCode: code,
    error,
    finishedAt: sql`now()`,
  });
}

/**
 * Records the attempt as `sending` and commits it before anything leaves, with the order locked so
 * two workers on one order take turns. Null when the order is no longer processing, or when another
 * attempt is open already (the other worker's): then there is something to reconcile, not to send.
 */
export async function startAttempt(db: Db, order: Order, routed: RoutedOffer): Promise<SupplierAttempt | null> {
  try {
    return await db.transaction(async (tx) => {
      const [locked] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id)).for("update");
      if (locked?.status !== "processing") return null;
      if (await openAttemptOf(tx, order.id)) return null;
      const [attempt] = await tx
        .insert(supplierAttempts)
        .values({
          id: newId("sat"),
          orderId: order.id,
          offerId: routed.offer.id,
          supplierId: routed.supplier.id,
          cost: routed.offer.cost * BigInt(order.quantity),
          status: "sending",
        })
        .returning();
      return attempt;
    });
  } catch (error) {
    if (uniqueViolation(error) === "supplier_attempts_one_open_key") return null;
    throw error;
  }
}

/** Moves an open attempt on; false when it was no longer open (another worker settled it first). */
export async function settleAttempt(
  db: DbOrTx,
  attempt: SupplierAttempt,
  set: { status: SupplierAttemptStatus; upstreamOrderId?: string | null; errorCode?: string | null; error?: string | null },
): Promise<boolean> {
  const final = !(OPEN_ATTEMPT_STATUSES as readonly string[]).includes(set.status);
  const rows = await db
    .update(supplierAttempts)
    .set({
      status: set.status,
      upstreamOrderId: set.upstreamOrderId ?? attempt.upstreamOrderId,
      errorCode: set.errorCode ?? null,
      error: set.error?.slice(0, MAX_ERROR_LENGTH) ?? null,
      updatedAt: sql`now()`,
      finishedAt: final ? sql`now()` : null,
    })
    .where(and(eq(supplierAttempts.id, attempt.id), inArray(supplierAttempts.status, [...OPEN_ATTEMPT_STATUSES])))
    .returning({ id: supplierAttempts.id });
  return rows.length > 0;
}

/** An outcome still unknown past the deadline: the order goes to the manual queue, charged, for a person to decide. */
export async function escalateAttempt(db: DbOrTx, attemptId: string): Promise<boolean> {
  const rows = await db
    .update(supplierAttempts)
    .set({ escalatedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(supplierAttempts.id, attemptId), sql`${supplierAttempts.escalatedAt} is null`, inArray(supplierAttempts.status, [...OPEN_ATTEMPT_STATUSES])))
    .returning({ id: supplierAttempts.id });
  return rows.length > 0;
}

export async function noteSupplierError(db: DbOrTx, supplierId: string, error: string): Promise<void> {
  await db
    .update(suppliers)
    .set({ lastError: error.slice(0, MAX_ERROR_LENGTH), lastErrorAt: sql`now()` })
    .where(eq(suppliers.id, supplierId));
}

export interface AttemptLine {
  id: string;
  supplierName: string;
  status: SupplierAttemptStatus;
  upstreamOrderId: string | null;
  cost: bigint;
  error: string | null;
  escalated: boolean;
  createdAt: Date;
}

/** An order's attempts with their suppliers' names, oldest first, for the admin's order page. */
export async function attemptLinesOf(db: DbOrTx, orderId: string): Promise<AttemptLine[]> {
  const rows = await db
    .select({ attempt: supplierAttempts, supplierName: suppliers.name })
    .from(supplierAttempts)
    .innerJoin(suppliers, eq(suppliers.id, supplierAttempts.supplierId))
    .where(eq(supplierAttempts.orderId, orderId))
    .orderBy(asc(supplierAttempts.createdAt), asc(supplierAttempts.id));
  return rows.map(({ attempt, supplierName }) => ({
    id: attempt.id,
    supplierName,
    status: attempt.status,
    upstreamOrderId: attempt.upstreamOrderId,
    cost: attempt.cost,
    error: attempt.error,
    escalated: attempt.escalatedAt !== null,
    createdAt: attempt.createdAt,
  }));
}
