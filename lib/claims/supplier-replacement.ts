import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { findProduct } from "@/lib/catalog/get-product";
import type { Db, DbOrTx, Tx } from "@/lib/db/client";
import {
  claims,
  OPEN_ATTEMPT_STATUSES,
  orders,
  supplierAttempts,
  type Claim,
  type ClaimReplacementRequest,
  type Order,
  type Product,
  type SupplierAttempt,
} from "@/lib/db/schema";
import { maxUnitCostOf, reconcileDelayMs } from "@/lib/fulfilment/route-order";
import { routedOfferOf, settleAttempt, usableOffers, type RoutedOffer } from "@/lib/fulfilment/supplier-attempts";
import { enterSupplierLane } from "@/lib/fulfilment/supplier-lanes";
import type { ConnectorOptions, UpstreamOrderRequest, UpstreamOutcome } from "@/lib/fulfilment/suppliers/connector";
import { connectorFor, connectorOptions } from "@/lib/fulfilment/suppliers/registry";
import { newId } from "@/lib/ids/ids";
import { enqueueJob } from "@/lib/jobs/queue";
import { formatMoney } from "@/lib/money/money";
import { uniqueViolation } from "@/lib/orders/errors";
import { encryptDelivery } from "@/lib/orders/transitions";
import { recordClaimUpdated } from "./claim-events";
import { deliverReplacement, lockClaimAndOrder } from "./resolve-claim";

/*
 * A replacement bought from a supplier, for a claim on a product whose stock is out: the same machinery
 * as an order's fulfilment (route-order.ts). Each try is a supplier attempt of the order marked with the
 * claim, written `sending` and committed before the request leaves, its id the upstream's idempotency key
 * and reference, so a process that dies meanwhile leaves a row the next run reconciles instead of buying
 * again. The reseller is not charged: the replacement is the operator's cost. Delivered, the new items
 * take the replaced ones' places on the order and the claim resolves as replaced; every offer refusing
 * puts the claim back in review with the error.
 */

export const CLAIM_REPLACE_JOB = "claim.replace";
export const claimReplaceJobKey = (claimId: string) => `${CLAIM_REPLACE_JOB}:${claimId}`;

/** Each pass is bounded: a refusal moves to the next offer, never back. */
const MAX_STEPS = 50;
const MAX_ERROR_LENGTH = 1000;

/** Moves a claim to `replacing` and queues its re-order, in the admin's transaction (the job commits with it). */
export async function startSupplierReplacement(tx: Tx, claim: Claim, request: ClaimReplacementRequest): Promise<Claim> {
  const [replacing] = await tx
    .update(claims)
    .set({ status: "replacing", replacement: request, replacementError: null, updatedAt: sql`now()` })
    .where(eq(claims.id, claim.id))
    .returning();
  await recordClaimUpdated(tx, replacing, "status");
  await enqueueJob(tx, { kind: CLAIM_REPLACE_JOB, payload: { claimId: claim.id }, dedupeKey: claimReplaceJobKey(claim.id) });
  return replacing;
}

async function attemptsOfClaim(db: DbOrTx, claimId: string): Promise<SupplierAttempt[]> {
  return db.select().from(supplierAttempts).where(eq(supplierAttempts.claimId, claimId)).orderBy(asc(supplierAttempts.createdAt), asc(supplierAttempts.id));
}

const isOpen = (attempt: SupplierAttempt) => (OPEN_ATTEMPT_STATUSES as readonly string[]).includes(attempt.status);

function requestOf(order: Order, claim: Claim, routed: RoutedOffer, attempt: SupplierAttempt, product: Product) {
  return {
    reference: attempt.id,
    upstreamProductId: routed.offer.upstreamProductId,
    quantity: claim.replacement!.items.length,
    fields: order.fields,
    maxUnitCost: maxUnitCostOf(order, product, routed.supplier),
    product,
  } satisfies UpstreamOrderRequest;
}

/**
 * Writes the attempt before it is sent, with the claim's row locked so two workers take turns: null when
 * the claim is no longer replacing, or when an attempt of the order is open already (the other worker's).
 */
async function startAttempt(
  db: Db,
  claim: Claim,
  routed: RoutedOffer,
  cost: bigint,
  status: "sending" | "refused",
  error?: string,
): Promise<SupplierAttempt | null> {
  try {
    return await db.transaction(async (tx) => {
      const [locked] = await tx.select({ status: claims.status }).from(claims).where(eq(claims.id, claim.id)).for("update");
      if (locked?.status !== "replacing") return null;
      const [attempt] = await tx
        .insert(supplierAttempts)
        .values({
          id: newId("sat"),
          orderId: claim.orderId,
          claimId: claim.id,
          offerId: routed.offer.id,
          supplierId: routed.supplier.id,
          cost,
          status,
          errorCode: status === "refused" ? "product_unavailable" : null,
          error: error ?? null,
          finishedAt: status === "refused" ? sql`now()` : null,
        })
        .returning();
      return attempt;
    });
  } catch (error) {
    if (uniqueViolation(error) === "supplier_attempts_one_open_key") return null;
    throw error;
  }
}

/** Back to the admin, in review, with what went wrong; the reseller sees the status change. */
export async function replacementFailed(db: Db, claimId: string, error: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [claim] = await tx
      .update(claims)
      .set({ status: "in_review", replacementError: error.slice(0, MAX_ERROR_LENGTH), updatedAt: sql`now()` })
      .where(and(eq(claims.id, claimId), eq(claims.status, "replacing")))
      .returning();
    if (claim) await recordClaimUpdated(tx, claim, "status");
  });
}

/** A delivery completes the attempt and the replacement in one transaction; nothing when either was settled already. */
async function deliver(db: Db, claimId: string, attempt: SupplierAttempt, outcome: Extract<UpstreamOutcome, { state: "completed" }>): Promise<void> {
  await db.transaction(async (tx) => {
    const { claim, order } = await lockClaimAndOrder(tx, claimId);
    if (claim.status !== "replacing" || !claim.replacement) return;
    if (!(await settleAttempt(tx, attempt, { status: "completed", upstreamOrderId: outcome.upstreamOrderId }))) return;
    const fresh = encryptDelivery(outcome.items, null).items;
    await deliverReplacement(tx, { claim, order, indexes: claim.replacement.items, fresh, note: claim.replacement.note, by: claim.replacement.by });
  });
}

export interface ReplacementPass {
  /** When to ask the supplier again about an attempt still open; null when settled. */
  retryInMs: number | null;
}

/**
 * One pass of a `replacing` claim through its product's offers: reconciles the open attempt by our
 * reference first, else sends the next offer not yet tried. Never two attempts in flight for one order,
 * never a second purchase for one attempt.
 */
export async function replaceFromSupplier(db: Db, claimId: string, overrides: Partial<ConnectorOptions> = {}): Promise<ReplacementPass> {
  const options = connectorOptions(overrides);
  for (let step = 0; step < MAX_STEPS; step++) {
    const [claim] = await db.select().from(claims).where(eq(claims.id, claimId));
    if (!claim || claim.status !== "replacing" || !claim.replacement) return { retryInMs: null };
    const [order] = await db.select().from(orders).where(eq(orders.id, claim.orderId));
    const product = await findProduct(db, order.sku);
    if (!product) {
      await replacementFailed(db, claimId, "The product was withdrawn; no supplier can replace its codes.");
      return { retryInMs: null };
    }
    const attempts = await attemptsOfClaim(db, claimId);
    const open = attempts.find(isOpen);
    let routed: RoutedOffer;
    let attempt: SupplierAttempt;
    let outcome: UpstreamOutcome;
    if (open) {
      // Another pass may be sending it now: it is asked about once that send has had its time (as route-order.ts does).
      const sendingLeftMs = open.status === "sending" ? open.updatedAt.getTime() + options.timeoutMs - Date.now() : 0;
      if (sendingLeftMs > 0) return { retryInMs: sendingLeftMs };
      routed = await routedOfferOf(db, open);
      const lane = enterSupplierLane(routed.supplier);
      if (!lane.ok) return { retryInMs: lane.retryInMs };
      try {
        outcome = await connectorFor(routed.supplier, options).reconcile(requestOf(order, claim, routed, open, product), open.upstreamOrderId);
      } finally {
        lane.leave();
      }
      attempt = open;
    } else {
      const tried = new Set(attempts.map((each) => each.offerId));
      const next = (await usableOffers(db, order.sku)).find((candidate) => !tried.has(candidate.offer.id));
      if (!next) {
        const last = attempts.at(-1);
        await replacementFailed(db, claimId, `No supplier could deliver a replacement${last?.error ? `: ${last.error}` : "."}`);
        return { retryInMs: null };
      }
      routed = next;
      const cost = routed.offer.cost * BigInt(claim.replacement.items.length);
      if (routed.offer.cost > order.unitPrice && !product.sellAtLossAllowed) {
        const guard = `Cost guard: the offer costs ${formatMoney(routed.offer.cost)} a unit, above the ${formatMoney(order.unitPrice)} paid.`;
        if (!(await startAttempt(db, claim, routed, cost, "refused", guard))) return { retryInMs: null };
        continue;
      }
      const lane = enterSupplierLane(routed.supplier);
      if (!lane.ok) return { retryInMs: lane.retryInMs };
      try {
        const started = await startAttempt(db, claim, routed, cost, "sending");
        if (!started) return { retryInMs: reconcileDelayMs({ createdAt: new Date() }) };
        attempt = started;
        outcome = await connectorFor(routed.supplier, options).placeOrder(requestOf(order, claim, routed, attempt, product));
      } finally {
        lane.leave();
      }
    }
    switch (outcome.state) {
      case "completed":
        await deliver(db, claimId, attempt, outcome);
        return { retryInMs: null };
      case "placed":
      case "unknown":
        await settleAttempt(db, attempt, {
          status: outcome.state,
          upstreamOrderId: outcome.state === "placed" ? outcome.upstreamOrderId : null,
          error: outcome.state === "unknown" ? outcome.message : null,
        });
        return { retryInMs: reconcileDelayMs(attempt) };
      case "refused":
      case "failed":
        await settleAttempt(db, attempt, {
          status: outcome.state,
          upstreamOrderId: outcome.state === "failed" ? outcome.upstreamOrderId : null,
          errorCode: outcome.code,
          error: outcome.message,
        });
        continue;
    }
  }
  throw new Error(`Claim ${claimId} took more than ${MAX_STEPS} supplier steps in one pass.`);
}

/** Claims whose replacement attempt at this supplier is open, by the attempt's reference: a webhook names one. */
export async function claimOfOpenAttempt(db: DbOrTx, supplierId: string, reference: string): Promise<string | null> {
  const [row] = await db
    .select({ claimId: supplierAttempts.claimId })
    .from(supplierAttempts)
    .where(
      and(
        eq(supplierAttempts.id, reference),
        eq(supplierAttempts.supplierId, supplierId),
        isNotNull(supplierAttempts.claimId),
        inArray(supplierAttempts.status, [...OPEN_ATTEMPT_STATUSES]),
      ),
    );
  return row?.claimId ?? null;
}
