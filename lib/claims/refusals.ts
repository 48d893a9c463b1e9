import { AppError } from "@/lib/errors/app-error";

/*
 * The refusals of a claim, with the details a client reads: made here, so that the code that refuses
 * and the API document's examples of each refusal say the same thing.
 */

export function claimAlreadyOpen(orderId: string, claimId: string): AppError {
  return new AppError("claim_conflict", `Order ${orderId} already has an open claim, ${claimId}; write to it instead.`, {
    order_id: orderId,
    claim_id: claimId,
  });
}

/** An Idempotency-Key already used for another claim (another order, reason or message). */
export function claimIdempotencyConflict(claimId: string | null): AppError {
  return new AppError(
    "idempotency_conflict",
    "This Idempotency-Key was already used to open another claim: another order, reason or message.",
    claimId ? { claim_id: claimId } : undefined,
  );
}

/** Another admin's outcome won: the loser reads who, and what they decided. */
export function claimAlreadyResolved(claimId: string, status: string, resolvedBy: string | null): AppError {
  const who = resolvedBy ? ` by ${resolvedBy}` : "";
  return new AppError("claim_conflict", `Claim ${claimId} was already ${status}${who}; reload it.`, { claim_id: claimId, status, resolved_by: resolvedBy });
}

export function claimClosed(claimId: string, status: string): AppError {
  return new AppError("claim_conflict", `Claim ${claimId} is ${status}; its chat is read-only.`, { claim_id: claimId, status });
}

export function claimTakenBy(claimId: string, holder: string): AppError {
  return new AppError("claim_conflict", `${holder} has taken claim ${claimId}. Take it over to work on it yourself.`, { claim_id: claimId, taken_by: holder });
}

export function orderNotClaimable(orderId: string, status: string): AppError {
  return new AppError("claim_not_allowed", `Order ${orderId} is ${status}; only a completed order can be claimed.`, {
    order_id: orderId,
    reason: "not_completed",
    status,
  });
}

export function claimWindowPassed(orderId: string, closedAt: Date): AppError {
  return new AppError("claim_not_allowed", `The claim window of order ${orderId} closed at ${closedAt.toISOString()}.`, {
    order_id: orderId,
    reason: "window_passed",
    window_closed_at: closedAt.toISOString(),
  });
}

/** A replacement is being bought from a supplier: nothing else is decided until it delivers or fails. */
export function replacementUnderWay(claimId: string): AppError {
  return new AppError("claim_conflict", `A replacement for claim ${claimId} is being bought from the supplier; it resolves the claim once delivered.`, {
    claim_id: claimId,
    status: "replacing",
  });
}
