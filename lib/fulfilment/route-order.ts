import { eq } from "drizzle-orm";
import { config } from "@/lib/config/env";
import type { Db } from "@/lib/db/client";
import { orders, type Order, type Product, type SupplierAttempt } from "@/lib/db/schema";
import { enqueueJob } from "@/lib/jobs/queue";
import { formatMoney } from "@/lib/money/money";
import { completeOrder, encryptDelivery, failOrder } from "@/lib/orders/transitions";
import { recipientOf } from "./recipient";
import { enterSupplierLane, MAX_RATE_LIMIT_MS, noteRateLimit } from "./supplier-lanes";
import {
  attemptsOf,
  escalateAttempt,
  noteSupplierError,
  openAttemptOf,
  recordSkippedOffer,
  routedOfferOf,
  settleAttempt,
  startAttempt,
  usableOffers,
  type RoutedOffer,
} from "./supplier-attempts";
import type { ConnectorOptions, RefusalCode, UpstreamOrderRequest, UpstreamOutcome } from "./suppliers/connector";
import { connectorFor, connectorOptions } from "./suppliers/registry";

export const SUPPLIER_RECONCILE_JOB = "supplier.reconcile";

/** Each pass of an order through its offers is bounded: a refusal moves to the next offer, never back. */
const MAX_STEPS = 50;

export interface RoutingOptions {
  connector?: Partial<ConnectorOptions>;
  /** SUPPLIER_RECONCILE_DEADLINE unless given. */
  reconcileDeadlineMs?: number;
}

/** What the reseller reads when no offer could deliver: our documented code's words, naming no supplier. */
export function failureReason(codes: RefusalCode[], order: Pick<Order, "fields">, product: Pick<Product, "fields">): string {
  if (codes.includes("invalid_recipient")) {
    const recipient = recipientOf(product, order.fields);
    return recipient ? `The recipient ${recipient} was not found (invalid_recipient).` : "The recipient was not found (invalid_recipient).";
  }
  if (codes.includes("out_of_stock")) return "Out of stock at the moment this order came to be delivered (out_of_stock).";
  return "This product cannot be delivered right now (product_unavailable).";
}

/** How long before an unsettled attempt is asked about again: as long as it has been open, from 2 s to 10 min. */
export function reconcileDelayMs(attempt: Pick<SupplierAttempt, "createdAt">, now = Date.now()): number {
  return Math.min(10 * 60_000, Math.max(2_000, now - attempt.createdAt.getTime()));
}

async function currentOrder(db: Db, orderId: string): Promise<Order | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  return order ?? null;
}

/** The most a unit may cost in the supplier's currency: what the reseller paid, rounded down so the guard never lets a loss through. */
export function maxUnitCostOf(
  order: Pick<Order, "unitPrice">,
  product: Pick<Product, "sellAtLossAllowed">,
  supplier: Pick<RoutedOffer["supplier"], "usdRate">,
): bigint | null {
  return product.sellAtLossAllowed ? null : (order.unitPrice * 1_000_000n) / supplier.usdRate;
}

function requestOf(order: Order, product: Product, routed: RoutedOffer, attempt: SupplierAttempt): UpstreamOrderRequest {
  return {
    reference: attempt.id,
    upstreamProductId: routed.offer.upstreamProductId,
    quantity: order.quantity,
    fields: order.fields,
    maxUnitCost: maxUnitCostOf(order, product, routed.supplier),
    product,
  };
}

/**
 * One attempt's outcome, written: a delivery completes the order in the same transaction as the
 * attempt; a refusal or upstream failure finishes the attempt so that the next offer is tried;
 * anything unsure leaves the attempt open for the reconcile job. "next" asks for another step. An
 * upstream's Retry-After (a 429) rate-limits the supplier: nothing is sent to it before then.
 */
async function recordOutcome(
  db: Db,
  order: Order,
  attempt: SupplierAttempt,
  routed: RoutedOffer,
  outcome: UpstreamOutcome,
): Promise<"next" | "done" | "pending"> {
  if (outcome.state === "unknown" && outcome.retryAfterMs !== undefined) await noteRateLimit(db, routed.supplier.id, outcome.retryAfterMs);
  switch (outcome.state) {
    case "completed":
      await db.transaction(async (tx) => {
        if (await settleAttempt(tx, attempt, { status: "completed", upstreamOrderId: outcome.upstreamOrderId })) {
          await completeOrder(tx, order.id, encryptDelivery(outcome.items, outcome.note));
        }
      });
      return "done";
    case "placed":
      return (await settleAttempt(db, attempt, { status: "placed", upstreamOrderId: outcome.upstreamOrderId })) ? "pending" : "next";
    case "unknown":
      await noteSupplierError(db, routed.supplier.id, outcome.message);
      return (await settleAttempt(db, attempt, { status: "unknown", error: outcome.message })) ? "pending" : "next";
    case "refused":
    case "failed":
      if (outcome.code === "supplier_unavailable") await noteSupplierError(db, routed.supplier.id, outcome.message);
      await settleAttempt(db, attempt, {
        status: outcome.state,
        upstreamOrderId: outcome.state === "failed" ? outcome.upstreamOrderId : null,
        errorCode: outcome.code,
        error: outcome.message,
      });
      return "next";
  }
}

export interface FulfilmentPass {
  order: Order | null;
  /** An attempt is open: the reconcile job asks about it (in retryInMs). */
  pending: boolean;
  /**
   * When to run again: the reconcile job's next question for an open attempt, or, with nothing open,
   * when the supplier next in line has room (its lane was full or it is rate-limited). Null: settled.
   */
  retryInMs: number | null;
}

/**
 * Fulfils a processing order of a `supplier` product from its offers. An attempt left open (sent, and
 * not known to be settled: a timeout, a crash before the answer was written, an order still processing
 * upstream) is reconciled by our reference first; only a definite refusal lets the next offer be tried,
 * so an order is never bought twice. The order fails, with its charge back, only when every usable
 * offer refused. An open attempt past the reconcile deadline puts the order in the manual queue.
 * Every upstream call first takes a place in its supplier's lane (supplier-lanes.ts); a supplier that is
 * full or rate-limited defers the pass, with nothing sent and nothing written.
 */
export async function fulfilFromSuppliers(db: Db, orderId: string, product: Product, options: RoutingOptions = {}): Promise<FulfilmentPass> {
  const connector = connectorOptions(options.connector);
  for (let step = 0; step < MAX_STEPS; step++) {
    const order = await currentOrder(db, orderId);
    if (!order || order.status !== "processing") return { order, pending: false, retryInMs: null };
    const open = await openAttemptOf(db, orderId);
    if (open) {
      // Another pass may be sending this very attempt now (two workers on one order, or a job whose
      // lease ran out while its send waited): asking or sending again meanwhile could take that send's
      // refusal for the attempt's, or this one's for final while the other buys. It is asked about once
      // that send has had its time.
      const sendingLeftMs = open.status === "sending" ? open.updatedAt.getTime() + connector.timeoutMs - Date.now() : 0;
      if (sendingLeftMs > 0) {
        await scheduleReconcile(db, open, sendingLeftMs);
        return { order, pending: true, retryInMs: sendingLeftMs };
      }
      const routed = await routedOfferOf(db, open);
      const lane = enterSupplierLane(routed.supplier);
      if (!lane.ok) {
        await scheduleReconcile(db, open, lane.retryInMs);
        // A supplier that keeps rate-limiting us must not keep the order from the deadline's manual queue.
        return { order: await settlePending(db, order, open, options), pending: true, retryInMs: lane.retryInMs };
      }
      let outcome: UpstreamOutcome;
      try {
        outcome = await connectorFor(routed.supplier, connector).reconcile(requestOf(order, product, routed, open), open.upstreamOrderId);
      } finally {
        lane.leave();
      }
      const next = await recordOutcome(db, order, open, routed, outcome);
      if (next === "next") continue;
      if (next === "pending") {
        const retryInMs = nextQuestionMs(open, outcome);
        await scheduleReconcile(db, open, retryInMs);
        return { order: await settlePending(db, order, open, options), pending: true, retryInMs };
      }
      return { order: await currentOrder(db, orderId), pending: false, retryInMs: null };
    }

    const attempts = await attemptsOf(db, orderId);
    const tried = new Set(attempts.map((attempt) => attempt.offerId));
    const routed = (await usableOffers(db, order.sku)).find((candidate) => !tried.has(candidate.offer.id));
    if (!routed) {
      const codes = attempts.map((attempt) => attempt.errorCode as RefusalCode);
      const failed = await db.transaction((tx) => failOrder(tx, orderId, failureReason(codes, order, product)));
      return { order: failed ?? (await currentOrder(db, orderId)), pending: false, retryInMs: null };
    }
    if (routed.offer.cost > order.unitPrice && !product.sellAtLossAllowed) {
      await recordSkippedOffer(
        db,
        order,
        routed,
        "product_unavailable",
        `Cost guard: the offer costs ${formatMoney(routed.offer.cost)} a unit, above the ${formatMoney(order.unitPrice)} paid.`,
      );
      continue;
    }
    // Before the attempt is written: a pass deferred here leaves no open attempt behind.
    const lane = enterSupplierLane(routed.supplier);
    if (!lane.ok) return { order, pending: false, retryInMs: lane.retryInMs };
    let sent: { attempt: SupplierAttempt; outcome: UpstreamOutcome } | null;
    try {
      const attempt = await startAttempt(db, order, routed);
      sent = attempt && { attempt, outcome: await connectorFor(routed.supplier, connector).placeOrder(requestOf(order, product, routed, attempt)) };
    } finally {
      lane.leave();
    }
    if (!sent) continue;
    const { attempt, outcome } = sent;
    const next = await recordOutcome(db, order, attempt, routed, outcome);
    if (next === "pending") {
      const retryInMs = nextQuestionMs(attempt, outcome);
      await scheduleReconcile(db, attempt, retryInMs);
      return { order, pending: true, retryInMs };
    }
    if (next === "done") return { order: await currentOrder(db, orderId), pending: false, retryInMs: null };
  }
  throw new Error(`Order ${orderId} took more than ${MAX_STEPS} supplier steps in one pass.`);
}

/** The usual back-off, or the upstream's Retry-After when it asked for longer (the rate limit then holds it anyway). */
function nextQuestionMs(attempt: SupplierAttempt, outcome: UpstreamOutcome): number {
  const asked = outcome.state === "unknown" ? (outcome.retryAfterMs ?? 0) : 0;
  return Math.max(reconcileDelayMs(attempt), Math.min(asked, MAX_RATE_LIMIT_MS));
}

/** Deduplicated per order: while the reconcile job runs (and reschedules itself) this adds nothing. */
async function scheduleReconcile(db: Db, attempt: SupplierAttempt, delayMs: number): Promise<void> {
  const { orderId } = attempt;
  await enqueueJob(db, { kind: SUPPLIER_RECONCILE_JOB, payload: { orderId }, runAt: new Date(Date.now() + delayMs), dedupeKey: reconcileJobKey(orderId) });
}

export const reconcileJobKey = (orderId: string) => `${SUPPLIER_RECONCILE_JOB}:${orderId}`;

/** Past the deadline, an order whose upstream outcome is still open waits for a person in the manual queue. */
async function settlePending(db: Db, order: Order, open: SupplierAttempt, options: RoutingOptions): Promise<Order> {
  const deadline = options.reconcileDeadlineMs ?? config().SUPPLIER_RECONCILE_DEADLINE;
  if (!open.escalatedAt && Date.now() - open.createdAt.getTime() >= deadline) await escalateAttempt(db, open.id);
  return order;
}
