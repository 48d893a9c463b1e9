import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { claims, orders, type Claim, type Order, type StoredDelivery } from "@/lib/db/schema";
import { AppError, notFound } from "@/lib/errors/app-error";
import { isIdOf } from "@/lib/ids/ids";
import { postLedgerEntry } from "@/lib/ledger/post-entry";
import { refundedSoFar } from "@/lib/ledger/refunded";
import { formatMoney } from "@/lib/money/money";
import { usableOffers } from "@/lib/fulfilment/supplier-attempts";
import { deliverStock } from "@/lib/orders/stock-delivery";
import { markRefunded } from "@/lib/orders/transitions";
import { recordClaimResolved } from "./claim-events";
import { replacementUnderWay } from "./refusals";
import { startSupplierReplacement } from "./supplier-replacement";
import { refusalFor } from "./take-claim";

/*
 * The three outcomes of a claim. Each is one transaction that locks the claim's row first: of two admins
 * resolving one claim at once, the second waits, then finds it resolved and is told by whom (409
 * claim_conflict). The order's row is locked next, so a refund and an admin's refund of the order
 * cannot both count the same rest of the charge.
 */

/** The claim's row, then its order's, locked in that order. */
export async function lockClaimAndOrder(tx: Tx, claimId: string): Promise<{ claim: Claim; order: Order }> {
  if (!isIdOf("clm", claimId)) throw notFound("Claim");
  const [claim] = await tx.select().from(claims).where(eq(claims.id, claimId)).for("update");
  if (!claim) throw notFound("Claim");
  const [order] = await tx.select().from(orders).where(eq(orders.id, claim.orderId)).for("update");
  return { claim, order };
}

async function lockForOutcome(tx: Tx, claimId: string, adminId: string): Promise<{ claim: Claim; order: Order }> {
  const locked = await lockClaimAndOrder(tx, claimId);
  const refusal = await refusalFor(tx, locked.claim, adminId);
  if (refusal) throw refusal;
  if (locked.claim.status === "replacing") throw replacementUnderWay(claimId);
  return locked;
}

/** Who resolved it: an admin, or null when the upstream's own outcome was applied. */
async function settle(tx: Tx, claimId: string, set: Partial<Claim> & { status: Claim["status"] }, resolvedBy: string | null): Promise<Claim> {
  const [claim] = await tx
    .update(claims)
    .set(Object.assign({}, set, { resolvedBy, resolvedAt: sql`now()`, updatedAt: sql`now()` }))
    .where(eq(claims.id, claimId))
    .returning();
  await recordClaimResolved(tx, claim);
  return claim;
}

const issue = (path: string, message: string) => new AppError("validation_error", message, { issues: [{ path, message }] });

/** The delivered items' indexes a replacement takes back: all of them when none are named. */
function replacedIndexes(order: Order, items: number[] | undefined): number[] {
  const delivered = order.delivery?.items ?? [];
  if (delivered.length === 0) throw issue("items", "The order delivered no codes to replace; refund or reject the claim instead.");
  const indexes = [...new Set(items ?? delivered.map((_item, index) => index))].sort((a, b) => a - b);
  const outside = indexes.find((index) => index >= delivered.length);
  if (outside !== undefined) throw issue("items", `The order delivered ${delivered.length} codes; there is no code ${outside + 1}.`);
  return indexes;
}

/**
 * Puts new items in place of the delivered ones at `indexes`, on the same order, and resolves the claim
 * as replaced with the old ones kept: the end of every replacement, from stock, from a supplier's re-order
 * or from the upstream's own replacement. The caller holds the claim's and the order's rows.
 */
export async function deliverReplacement(
  tx: Tx,
  input: { claim: Claim; order: Order; indexes: number[]; fresh: StoredDelivery["items"]; note: string | null; by: string | null },
): Promise<Claim> {
  const { claim, order, indexes, fresh } = input;
  const delivered = order.delivery?.items ?? [];
  const items = [...delivered];
  indexes.forEach((index, k) => (items[index] = fresh[k]));
  await tx
    .update(orders)
    .set({ delivery: { items, note: order.delivery?.note ?? null }, updatedAt: sql`now()` })
    .where(eq(orders.id, order.id));
  return settle(tx, claim.id, { status: "replaced", replacedItems: indexes.map((index) => delivered[index]), resolutionNote: input.note }, input.by);
}

/** New codes from stock, in a savepoint: the out_of_stock refusal when the stock is short, with nothing of it claimed. */
async function codesFromStock(tx: Tx, order: Order, quantity: number): Promise<StoredDelivery["items"] | AppError> {
  try {
    return await tx.transaction(async (savepoint) => (await deliverStock(savepoint, order.sku, quantity, order.id)).delivery.items);
  } catch (error) {
    if (error instanceof AppError && error.code === "out_of_stock") return error;
    throw error;
  }
}

/**
 * Replaces delivered codes with new ones from the product's stock, on the same order: the reseller reads
 * the new codes in the order's delivery, and the claim keeps the ones taken back. Stock is claimed with
 * SKIP LOCKED as an order's is, so two replacements never hand out one code. `items` are the delivery's
 * item indexes to replace; all of them when left out. With too little stock, a product that a supplier
 * sells is re-ordered from it (the claim is `replacing` until it delivers, lib/claims/supplier-replacement.ts);
 * one that no supplier sells answers out_of_stock.
 */
export async function replaceClaim(db: Db, input: { claimId: string; adminId: string; items?: number[]; note?: string }): Promise<Claim> {
  return db.transaction(async (tx) => {
    const { claim, order } = await lockForOutcome(tx, input.claimId, input.adminId);
    const indexes = replacedIndexes(order, input.items);
    const fresh = await codesFromStock(tx, order, indexes.length);
    if (!(fresh instanceof AppError)) return deliverReplacement(tx, { claim, order, indexes, fresh, note: input.note ?? null, by: input.adminId });
    if ((await usableOffers(tx, order.sku)).length === 0) throw fresh;
    return startSupplierReplacement(tx, claim, { items: indexes, by: input.adminId, note: input.note ?? null });
  });
}

/**
 * Returns `amount` of the order's charge for the claim, as a `refund` transaction naming it, and resolves
 * the claim as refunded; the refund that returns the rest also moves the order to refunded
 * (order.status_changed). The caller holds the claim's and the order's rows and checked the amount.
 */
export async function refundForClaim(
  tx: Tx,
  input: { claim: Claim; order: Order; amount: bigint; rest: bigint; note: string | null; by: string | null },
): Promise<Claim> {
  const { claim, order, amount } = input;
  await postLedgerEntry(tx, {
    userId: order.userId,
    type: "refund",
    amount,
    orderId: order.id,
    claimId: claim.id,
    description: `Refund for claim ${claim.id}: ${order.productName}`,
    createdBy: input.by,
  });
  if (amount === input.rest) await markRefunded(tx, order.id, input.note ?? `Refunded for claim ${claim.id}`);
  return settle(tx, claim.id, { status: "refunded", refundAmount: amount, resolutionNote: input.note }, input.by);
}

/** What is left of the order's charge to refund: nothing once it is no longer completed. */
export async function refundableRest(tx: Tx, order: Order): Promise<bigint> {
  return order.status === "completed" ? order.total - (await refundedSoFar(tx, order.id)) : 0n;
}

/**
 * Returns money for a claim: `amount`, or all that is left of the charge when left out. Refunds of an
 * order never add up to more than it charged.
 */
export async function refundClaim(db: Db, input: { claimId: string; adminId: string; amount?: bigint; note?: string }): Promise<Claim> {
  return db.transaction(async (tx) => {
    const { claim, order } = await lockForOutcome(tx, input.claimId, input.adminId);
    const rest = await refundableRest(tx, order);
    if (rest <= 0n) throw issue("amount", "Nothing of this order's charge is left to refund.");
    const amount = input.amount ?? rest;
    if (amount <= 0n) throw issue("amount", "Refund more than 0.00.");
    if (amount > rest) throw issue("amount", `At most ${formatMoney(rest)} of this order's charge is left to refund.`);
    return refundForClaim(tx, { claim, order, amount, rest, note: input.note ?? null, by: input.adminId });
  });
}

/** Turns a claim down with a reason the reseller reads; the order stays as it is. */
export async function rejectClaim(db: Db, input: { claimId: string; adminId: string; note: string }): Promise<Claim> {
  return db.transaction(async (tx) => {
    const { claim } = await lockForOutcome(tx, input.claimId, input.adminId);
    return settle(tx, claim.id, { status: "rejected", resolutionNote: input.note }, input.adminId);
  });
}
