import { and, eq, inArray, sql } from "drizzle-orm";
import { recordAudit, type AuditActor } from "@/lib/audit/record";
import { config } from "@/lib/config/env";
import type { Tx } from "@/lib/db/client";
import { claimImages, claims, OPEN_CLAIM_STATUSES, orders, type Claim, type ClaimReason } from "@/lib/db/schema";
import { notFound } from "@/lib/errors/app-error";
import { isIdOf, newId } from "@/lib/ids/ids";
import { recordClaimOpened } from "./claim-events";
import type { ClaimImage } from "./image";
import { uniqueViolation } from "@/lib/orders/errors";
import { claimAlreadyOpen, claimIdempotencyConflict, claimWindowPassed, orderNotClaimable } from "./refusals";
import { markForForwarding } from "./upstream-claims";
import { claimWindowSeconds } from "./windows";

export interface OpenClaimInput {
  userId: string;
  orderId: string;
  reason: ClaimReason;
  /** Already parsed by openClaimSchema. */
  message: string;
  image?: ClaimImage | null;
  /** Who opened it, for the account's audit log. */
  actor: AuditActor;
  /** The API request's Idempotency-Key, if it sent one. */
  idempotencyKey?: string | null;
}

/** The claim, and whether it is one an earlier request under the same Idempotency-Key opened. */
export interface OpenedClaim {
  claim: Claim;
  replayed: boolean;
}

/**
 * Opens a claim on a completed order of the reseller's, within its category's window, in the caller's
 * transaction (so that whatever else the caller records commits with it). The order's row is locked
 * first: a second claim on the same order waits here and then finds this one open; the partial unique
 * index stands behind that. Nothing is written when any check refuses.
 *
 * Under an Idempotency-Key a repeat of the same claim (order, reason and message) answers the claim the
 * first request opened, whatever has become of it since; the key with another claim is refused. The key
 * is looked up after the order's lock, so two requests racing with it on one order meet here.
 */
export async function openClaim(tx: Tx, input: OpenClaimInput): Promise<OpenedClaim> {
  if (!isIdOf("ord", input.orderId)) throw notFound("Order");
  const [order] = await tx
    .select({ id: orders.id, status: orders.status, type: orders.type, completedAt: orders.completedAt, now: sql<Date>`now()`.mapWith(orders.createdAt) })
    .from(orders)
    .where(and(eq(orders.id, input.orderId), eq(orders.userId, input.userId)))
    .for("no key update");
  if (!order) throw notFound("Order");
  if (input.idempotencyKey) {
    const [earlier] = await tx
      .select()
      .from(claims)
      .where(and(eq(claims.userId, input.userId), eq(claims.idempotencyKey, input.idempotencyKey)));
    if (earlier) {
      if (earlier.orderId !== order.id || earlier.reason !== input.reason || earlier.message !== input.message) throw claimIdempotencyConflict(earlier.id);
      return { claim: earlier, replayed: true };
    }
  }
  if (order.status !== "completed" || !order.completedAt) throw orderNotClaimable(order.id, order.status);
  const windowMs = (await claimWindowSeconds(tx, order.type)) * 1000;
  const closesAt = new Date(order.completedAt.getTime() + windowMs);
  if (order.now > closesAt) throw claimWindowPassed(order.id, closesAt);
  const [open] = await tx
    .select({ id: claims.id })
    .from(claims)
    .where(and(eq(claims.orderId, order.id), inArray(claims.status, OPEN_CLAIM_STATUSES)));
  if (open) throw claimAlreadyOpen(order.id, open.id);
  const [inserted] = await tx
    .insert(claims)
    .values({
      idempotencyKey: input.idempotencyKey ?? null,
      id: newId("clm"),
      orderId: order.id,
      userId: input.userId,
      reason: input.reason,
      message: input.message,
      respondBy: new Date(order.now.getTime() + config().CLAIM_RESPONSE_SLA),
      createdAt: order.now,
      updatedAt: order.now,
    })
    .returning()
    .catch((error: unknown) => {
      // The same key sent at once for two orders: the other request's claim holds it.
      if (uniqueViolation(error) === "claims_idempotency_key") throw claimIdempotencyConflict(null);
      throw error;
    });
  const claim = await markForForwarding(tx, inserted);
  if (input.image) {
    await tx.insert(claimImages).values({
      claimId: claim.id,
      contentType: input.image.contentType,
      size: input.image.bytes.byteLength,
      dataBase64: Buffer.from(input.image.bytes).toString("base64"),
    });
  }
  await recordClaimOpened(tx, claim);
  await recordAudit(tx, {
    accountId: input.userId,
    actor: input.actor,
    action: "claim.opened",
    subject: claim.id,
    details: { order_id: order.id, reason: input.reason },
  });
  return { claim, replayed: false };
}
