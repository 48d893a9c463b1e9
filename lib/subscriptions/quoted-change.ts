import type { Db } from "@/lib/db/client";
import type { Tier } from "@/lib/db/schema";
import type { AuditActor } from "@/lib/audit/record";
import { AppError } from "@/lib/errors/app-error";
import { renewSubscription, upgradeSubscription, type ChangeResult } from "./subscription";

/**
 * A confirmed quote holds this long. The change is priced at the quote's moment, so the charge the
 * reseller was shown is the charge taken; an older quote is refused, to be reviewed again.
 */
export const QUOTE_VALID_MS = 10 * 60_000;

export const STALE_QUOTE_MESSAGE = "That price quote is out of date. Review the charge again.";

/** The moment a quote made at `quotedAt` (milliseconds since the epoch) still prices a change at, or null. */
export function quotedMoment(quotedAt: number, now = Date.now()): Date | null {
  if (!Number.isFinite(quotedAt) || quotedAt > now || now - quotedAt > QUOTE_VALID_MS) return null;
  return new Date(quotedAt);
}

/** Renew or upgrade as the reseller confirmed it on a quote: at the quote's price, or refused once the quote is old. */
export async function changeSubscriptionAsQuoted(
  db: Db,
  userId: string,
  input: { action: "renew" | "upgrade"; tier: Tier; quotedAt: number },
  actor: AuditActor,
  now = Date.now(),
): Promise<ChangeResult> {
  const at = quotedMoment(input.quotedAt, now);
  // Not a field's fault: the reseller reviews the charge again.
  if (!at) throw new AppError("validation_error", STALE_QUOTE_MESSAGE);
  return input.action === "renew" ? renewSubscription(db, userId, input.tier, actor, at) : upgradeSubscription(db, userId, input.tier, actor, at);
}
