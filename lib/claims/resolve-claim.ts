import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { claims, orders, type Claim, type Order } from "@/lib/db/schema";
import { AppError, notFound } from "@/lib/errors/app-error";
import { isIdOf } from "@/lib/ids/ids";
import { postLedgerEntry } from "@/lib/ledger/post-entry";
import { refundedSoFar } from "@/lib/ledger/refunded";
import { formatMoney } from "@/lib/money/money";
import { deliverStock } from "@/lib/orders/stock-delivery";
import { markRefunded } from "@/lib/orders/transitions";
import { recordClaimResolved } from "./claim-events";
import { refusalFor } from "./take-claim";

/*
 * The three outcomes of a claim. Each is one transaction that locks the claim's row first: of two admins
 * resolving one claim at once, the second waits, then finds it resolved and is told by whom (409
 * claim_conflict). The order's row is locked next, so a refund and an admin's refund of the order
 * cannot both count the same rest of the charge.
 */

async function lockForOutcome(tx: Tx, claimId: string, adminId: string): Promise<{ claim: Claim; order: Order }> {
  if (!isIdOf("clm", claimId)) throw notFound("Claim");
  const [claim] = await tx.select().from(claims).where(eq(claims.id, claimId)).for("update");
  if (!claim) throw notFound("Claim");
  const refusal = await refusalFor(tx, claim, adminId);
  if (refusal) throw refusal;
  const [order] = await tx.select().from(orders).where(eq(orders.id, claim.orderId)).for("update");
  return { claim, order };
}

async function settle(tx: Tx, claimId: string, set: Partial<Claim> & { status: Claim["status"] }, adminId: string): Promise<Claim> {
  const [claim] = await tx
    .update(claims)
    .set(Object.assign({}, set, { resolvedBy: adminId, resolvedAt: sql`now()`, updatedAt: sql`now()` }))
    .where(eq(claims.id, claimId))
    .returning();
  await recordClaimResolved(tx, claim);
  return claim;
}

const issue = (path: string, message: string) => new AppError("validation_error", message, { issues: [{ path, message }] });

/**
 * Replaces delivered codes with new ones from the product's stock, on the same order: the reseller reads
 * the new codes in the order's delivery, and the claim keeps the ones taken back. Stock is claimed with
 * SKIP LOCKED as an order's is, so two replacements never hand out one code. `items` are the delivery's
 * item indexes to replace; all of them when left out.
 */
export async function replaceClaim(db: Db, input: { claimId: string; adminId: string; items?: number[]; note?: string }): Promise<Claim> {
  return db.transaction(async (tx) => {
    const { claim, order } = await lockForOutcome(tx, input.claimId, input.adminId);
    const delivered = order.delivery?.items ?? [];
    if (delivered.length === 0) throw issue("items", "The order delivered no codes to replace; refund or reject the claim instead.");
    const indexes = [...new Set(input.items ?? delivered.map((_item, index) => index))].sort((a, b) => a - b);
    const outside = indexes.find((index) => index >= delivered.length);
    if (outside !== undefined) throw issue("items", `The order delivered ${delivered.length} codes; there is no code ${outside + 1}.`);
    const fresh = (await deliverStock(tx, order.sku, indexes.length, order.id)).delivery;
    const items = [...delivered];
    indexes.forEach((index, k) => (items[index] = fresh.items[k]));
    await tx
      .update(orders)
      .set({ delivery: { items, note: order.delivery?.note ?? null }, updatedAt: sql`now()` })
      .where(eq(orders.id, order.id));
    return settle(
      tx,
      claim.id,
      { status: "replaced", replacedItems: indexes.map((index) => delivered[index]), resolutionNote: input.note ?? null },
      input.adminId,
    );
  });
}

/**
 * Returns money for a claim: `amount`, or all that is left of the charge when left out, as a `refund`
 * transaction naming the claim. Refunds of an order never add up to more than it charged; the one that
 * returns the rest also moves the order to refunded (order.status_changed).
 */
export async function refundClaim(db: Db, input: { claimId: string; adminId: string; amount?: bigint; note?: string }): Promise<Claim> {
  return db.transaction(async (tx) => {
    const { claim, order } = await lockForOutcome(tx, input.claimId, input.adminId);
    const rest = order.status === "completed" ? order.total - (await refundedSoFar(tx, order.id)) : 0n;
    if (rest <= 0n) throw issue("amount", "Nothing of this order's charge is left to refund.");
    const amount = input.amount ?? rest;
    if (amount <= 0n) throw issue("amount", "Refund more than 0.00.");
    if (amount > rest) throw issue("amount", `At most ${formatMoney(rest)} of this order's charge is left to refund.`);
    await postLedgerEntry(tx, {
      userId: order.userId,
      type: "refund",
      amount,
      orderId: order.id,
      claimId: claim.id,
      description: `Refund for claim ${claim.id}: ${order.productName}`,
      createdBy: input.adminId,
    });
    if (amount === rest) await markRefunded(tx, order.id, input.note ?? `Refunded for claim ${claim.id}`);
    return settle(tx, claim.id, { status: "refunded", refundAmount: amount, resolutionNote: input.note ?? null }, input.adminId);
  });
}

/** Turns a claim down with a reason the reseller reads; the order stays as it is. */
export async function rejectClaim(db: Db, input: { claimId: string; adminId: string; note: string }): Promise<Claim> {
  return db.transaction(async (tx) => {
    const { claim } = await lockForOutcome(tx, input.claimId, input.adminId);
    return settle(tx, claim.id, { status: "rejected", resolutionNote: input.note }, input.adminId);
  });
}
