import { and, desc, eq, isNull, ne, sql } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "@/lib/db/client";
import { claimMessages, claims, OPEN_CLAIM_STATUSES, supplierAttempts, suppliers, type Claim, type ClaimMessage, type Supplier } from "@/lib/db/schema";
import type { ConnectorOptions, DeliveredItem, UpstreamClaim, UpstreamClaims } from "@/lib/fulfilment/suppliers/connector";
import { connectorFor, connectorOptions } from "@/lib/fulfilment/suppliers/registry";
import { newId } from "@/lib/ids/ids";
import { enqueueJob, runJobNow } from "@/lib/jobs/queue";
import { tryDecryptSecret } from "@/lib/crypto/encryption";
import { encryptDelivery } from "@/lib/orders/transitions";
import { deliverReplacement, lockClaimAndOrder, refundableRest, refundForClaim } from "./resolve-claim";
import { isOutcome } from "./serialize";

/*
 * A claim on an order that an upstream running this product fulfilled (a reseller-api supplier) is
 * forwarded to it through its API, and its outcome flows back. Forwarding is a job queued in the claim's
 * own transaction, so it is never lost, retried with back-off; the upstream keeps one open claim per
 * order, so a send repeated after a lost answer finds the claim the first one opened rather than a second.
 * The upstream's claim is then read until it is resolved: by a job that polls with back-off, made due at
 * once by the upstream's order.claim.* webhooks. The body of a webhook is never believed by itself.
 */

export const CLAIM_FORWARD_JOB = "claim.forward";
export const CLAIM_UPSTREAM_JOB = "claim.upstream";
export const claimForwardJobKey = (claimId: string) => `${CLAIM_FORWARD_JOB}:${claimId}`;
export const claimUpstreamJobKey = (claimId: string) => `${CLAIM_UPSTREAM_JOB}:${claimId}`;

/** A forward keeps being retried for about a day of back-off (10 minutes at most between tries). */
export const FORWARD_MAX_ATTEMPTS = 150;
const MAX_ERROR_LENGTH = 1000;

/** How long before the upstream's claim is read again: as long as it has been forwarded, from 30 s to 10 min. */
export function upstreamPollDelayMs(forwardedAt: Date | null, now = Date.now()): number {
  return Math.min(10 * 60_000, Math.max(30_000, now - (forwardedAt?.getTime() ?? now)));
}

/**
 * Marks a claim just opened for forwarding when its order was fulfilled by a reseller-api supplier, and
 * queues the forward in the same transaction. An order whose codes were already replaced from our own
 * stock is ours to answer: it is not forwarded.
 */
export async function markForForwarding(tx: Tx, claim: Claim): Promise<Claim> {
  const [fulfilled] = await tx
    .select({ supplierId: supplierAttempts.supplierId, upstreamOrderId: supplierAttempts.upstreamOrderId })
    .from(supplierAttempts)
    .innerJoin(suppliers, eq(suppliers.id, supplierAttempts.supplierId))
    .where(
      and(
        eq(supplierAttempts.orderId, claim.orderId),
        eq(supplierAttempts.status, "completed"),
        isNull(supplierAttempts.claimId),
        eq(suppliers.kind, "reseller-api"),
      ),
    )
    .limit(1);
  if (!fulfilled?.upstreamOrderId) return claim;
  const [replacedHere] = await tx
    .select({ id: claims.id })
    .from(claims)
    .where(and(eq(claims.orderId, claim.orderId), eq(claims.status, "replaced"), isNull(claims.upstreamClaimId), ne(claims.id, claim.id)))
    .limit(1);
  if (replacedHere) return claim;
  const [marked] = await tx
    .update(claims)
    .set({ upstreamSupplierId: fulfilled.supplierId, upstreamOrderId: fulfilled.upstreamOrderId })
    .where(eq(claims.id, claim.id))
    .returning();
  await enqueueJob(tx, { kind: CLAIM_FORWARD_JOB, payload: { claimId: claim.id }, dedupeKey: claimForwardJobKey(claim.id), maxAttempts: FORWARD_MAX_ATTEMPTS });
  return marked;
}

async function upstreamOf(db: DbOrTx, claim: Claim, overrides: Partial<ConnectorOptions>): Promise<{ supplier: Supplier; api: UpstreamClaims } | null> {
  if (!claim.upstreamSupplierId) return null;
  const [supplier] = await db.select().from(suppliers).where(eq(suppliers.id, claim.upstreamSupplierId));
  const api = supplier && connectorFor(supplier, connectorOptions(overrides)).claims;
  return api ? { supplier, api } : null;
}

async function noteUpstreamError(db: DbOrTx, claimId: string, error: string): Promise<void> {
  await db
    .update(claims)
    .set({ upstreamError: error.slice(0, MAX_ERROR_LENGTH) })
    .where(eq(claims.id, claimId));
}

/** Thrown for a failure worth retrying: the job runs again after its back-off. */
export class UpstreamUnreachable extends Error {}

/**
 * Forwards the claim to its upstream, once: a claim that already has its upstream id, or that our admin
 * resolved before it could be sent, is left alone. A refusal that asking again cannot change (the
 * upstream's window passed, the order is not claimable there) is kept as the claim's upstream error for
 * our admin; anything else throws, for the job to retry.
 */
export async function forwardClaim(db: Db, claimId: string, overrides: Partial<ConnectorOptions> = {}): Promise<Claim | null> {
  const [claim] = await db.select().from(claims).where(eq(claims.id, claimId));
  if (!claim?.upstreamOrderId || claim.upstreamClaimId) return claim ?? null;
  if (!(OPEN_CLAIM_STATUSES as readonly string[]).includes(claim.status)) return claim;
  const upstream = await upstreamOf(db, claim, overrides);
  if (!upstream) {
    await noteUpstreamError(db, claimId, "The supplier is no longer an upstream running this product; the claim was not forwarded.");
    return claim;
  }
  const answer = await upstream.api.open(claim.upstreamOrderId, { reference: claim.id, reason: claim.reason, message: claim.message });
  if (!answer.ok) {
    await noteUpstreamError(db, claimId, answer.message);
    if (answer.retryable) throw new UpstreamUnreachable(answer.message);
    return claim;
  }
  const [forwarded] = await db
    .update(claims)
    .set({
      upstreamClaimId: answer.claim.claimId,
      upstreamStatus: answer.claim.status,
      upstreamError: null,
      forwardedAt: sql`now()`,
      upstreamCheckedAt: sql`now()`,
    })
    .where(and(eq(claims.id, claimId), isNull(claims.upstreamClaimId)))
    .returning();
  await enqueueJob(db, {
    kind: CLAIM_UPSTREAM_JOB,
    payload: { claimId },
    runAt: new Date(Date.now() + upstreamPollDelayMs(null)),
    dedupeKey: claimUpstreamJobKey(claimId),
  });
  return forwarded ?? claim;
}

/** Copies the upstream support's messages we have not seen yet; the reseller does not see them. */
async function copyUpstreamMessages(db: Db, claim: Claim, api: UpstreamClaims): Promise<void> {
  const answer = await api.messages(claim.upstreamClaimId!);
  if (!answer.ok) return;
  const theirs = answer.messages.filter((message) => message.author === "support").reverse();
  if (theirs.length === 0) return;
  await db
    .insert(claimMessages)
    .values(
      theirs.map((message) => ({
        id: newId("msg"),
        claimId: claim.id,
        author: "upstream" as const,
        authorId: claim.upstreamSupplierId!,
        text: message.text,
        upstreamMessageId: message.id,
      })),
    )
    .onConflictDoNothing();
}

/** The upstream support's messages on the claim, oldest first, for our admin. */
export async function upstreamMessagesOf(db: DbOrTx, claimId: string): Promise<ClaimMessage[]> {
  const rows = await db
    .select()
    .from(claimMessages)
    .where(and(eq(claimMessages.claimId, claimId), eq(claimMessages.author, "upstream")))
    .orderBy(desc(claimMessages.id))
    .limit(100);
  return rows.reverse();
}

/**
 * Reads the upstream's claim once: its status and messages are recorded, and an outcome is applied.
 * Answers when to read it again, or null once the upstream resolved it.
 */
export async function checkUpstreamClaim(db: Db, claimId: string, overrides: Partial<ConnectorOptions> = {}): Promise<{ retryInMs: number | null }> {
  const [claim] = await db.select().from(claims).where(eq(claims.id, claimId));
  if (!claim?.upstreamClaimId) return { retryInMs: null };
  if (claim.upstreamStatus && isOutcome(claim.upstreamStatus)) return { retryInMs: null };
  const upstream = await upstreamOf(db, claim, overrides);
  if (!upstream) return { retryInMs: null };
  const answer = await upstream.api.read(claim.upstreamClaimId);
  if (!answer.ok) {
    await noteUpstreamError(db, claimId, answer.message);
    return { retryInMs: upstreamPollDelayMs(claim.forwardedAt) };
  }
  await copyUpstreamMessages(db, claim, upstream.api);
  if (!isOutcome(answer.claim.status)) {
    await db
      .update(claims)
      .set({ upstreamStatus: answer.claim.status, upstreamError: null, upstreamCheckedAt: sql`now()` })
      .where(eq(claims.id, claimId));
    return { retryInMs: upstreamPollDelayMs(claim.forwardedAt) };
  }
  const order = answer.claim.status === "rejected" ? null : await upstream.api.order(claim.upstreamOrderId!);
  if (order && !order.ok) {
    await noteUpstreamError(db, claimId, order.message);
    return { retryInMs: upstreamPollDelayMs(claim.forwardedAt) };
  }
  await applyUpstreamOutcome(db, claimId, answer.claim, order ?? null);
  return { retryInMs: null };
}

/** A share of our charge as the upstream's refund is of its: rounded down, never above what is left. */
export function proportionalRefund(input: { ourTotal: bigint; rest: bigint; upstreamTotal: bigint; upstreamRefund: bigint }): bigint {
  const { ourTotal, rest, upstreamTotal, upstreamRefund } = input;
  if (upstreamTotal <= 0n || upstreamRefund >= upstreamTotal) return rest;
  const share = (ourTotal * upstreamRefund) / upstreamTotal;
  return share < rest ? share : rest;
}

/** Our delivered items' indexes whose codes the upstream's delivery no longer has: what its replacement replaced. */
function changedIndexes(ours: { code: string | null; serial: string | null }[], theirs: DeliveredItem[]): number[] {
  const changed = ours.flatMap((item, index) => (item.code !== theirs[index].code || item.serial !== theirs[index].serial ? [index] : []));
  return changed.length > 0 ? changed : ours.map((_item, index) => index);
}

/**
 * Applies the upstream's outcome to our claim, in one transaction with its ledger row and events, if our
 * claim is still open: an outcome our admin decided first is kept, and the upstream's is recorded beside it.
 * A replacement delivers the upstream order's new codes on our order; a refund returns the same share of
 * what our order charged; a rejection puts our claim back in our admin's queue with the upstream's reason.
 */
export async function applyUpstreamOutcome(
  db: Db,
  claimId: string,
  upstream: UpstreamClaim,
  order: { total: bigint; items: DeliveredItem[] } | null,
): Promise<Claim> {
  return db.transaction(async (tx) => {
    const locked = await lockClaimAndOrder(tx, claimId);
    const [recorded] = await tx
      .update(claims)
      .set({ upstreamStatus: upstream.status, upstreamNote: upstream.note, upstreamError: null, upstreamCheckedAt: sql`now()` })
      .where(eq(claims.id, claimId))
      .returning();
    const { order: ours } = locked;
    const claim = recorded;
    if (!(["open", "in_review"] as string[]).includes(claim.status)) return claim;
    const note = upstream.note ? `The supplier: ${upstream.note}` : null;
    const delivered = (ours.delivery?.items ?? []).map((item) => ({
      code: item.codeEncrypted ? tryDecryptSecret(item.codeEncrypted) : null,
      serial: item.serial,
    }));
    // Our delivery is the upstream order's, item for item; one that is not (it was changed here) is our admin's to settle.
    if (upstream.status === "replaced" && order && delivered.length > 0 && order.items.length === delivered.length) {
      const indexes = changedIndexes(delivered, order.items);
      const fresh = encryptDelivery(
        indexes.map((index) => order.items[index]),
        null,
      ).items;
      return deliverReplacement(tx, { claim, order: ours, indexes, fresh, note, by: null });
    }
    if (upstream.status === "refunded" && order && upstream.refundAmount !== null) {
      const rest = await refundableRest(tx, ours);
      const amount = proportionalRefund({ ourTotal: ours.total, rest, upstreamTotal: order.total, upstreamRefund: upstream.refundAmount });
      if (amount > 0n) return refundForClaim(tx, { claim, order: ours, amount, rest, note, by: null });
    }
    // Rejected upstream, or an outcome we cannot apply: it stays in our admin's queue, the upstream's word beside it.
    return claim;
  });
}

/** A verified order.claim.* webhook of the upstream makes our reading of that claim due now. */
export async function wakeUpstreamClaim(db: DbOrTx, supplierId: string, upstreamClaimId: string): Promise<string | null> {
  const [claim] = await db
    .select({ id: claims.id })
    .from(claims)
    .where(and(eq(claims.upstreamSupplierId, supplierId), eq(claims.upstreamClaimId, upstreamClaimId)));
  if (!claim) return null;
  await enqueueJob(db, { kind: CLAIM_UPSTREAM_JOB, payload: { claimId: claim.id }, dedupeKey: claimUpstreamJobKey(claim.id) });
  await runJobNow(db, claimUpstreamJobKey(claim.id));
  return claim.id;
}
