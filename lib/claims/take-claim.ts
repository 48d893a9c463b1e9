import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { findUserById } from "@/lib/accounts/get-user";
import type { Db, DbOrTx } from "@/lib/db/client";
import { claims, OPEN_CLAIM_STATUSES, type Claim } from "@/lib/db/schema";
import { recordClaimUpdated } from "./claim-events";
import { getClaimForAdmin } from "./read-claims";
import { claimAlreadyResolved, claimTakenBy } from "./refusals";

/** How refusals name an admin; the id when the account is gone. */
export async function adminEmail(db: DbOrTx, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  return (await findUserById(db, userId))?.email ?? userId;
}

/** Why a claim cannot be worked by this admin now, or null when it can. */
export async function refusalFor(db: DbOrTx, claim: Claim, adminId: string) {
  if (!(OPEN_CLAIM_STATUSES as readonly string[]).includes(claim.status))
    return claimAlreadyResolved(claim.id, claim.status, await adminEmail(db, claim.resolvedBy));
  if (claim.takenBy && claim.takenBy !== adminId) return claimTakenBy(claim.id, (await adminEmail(db, claim.takenBy))!);
  return null;
}

/**
 * An admin takes a claim to say "I am on it", as manual orders are taken: one conditional UPDATE, so of
 * two admins taking it at once exactly one has it, and the other is told who. `over` takes it from
 * another admin. The reseller sees the claim go in_review (order.claim.updated).
 */
export async function takeClaim(db: Db, claimId: string, adminId: string, options: { over?: boolean } = {}): Promise<Claim> {
  const before = await getClaimForAdmin(db, claimId);
  const taken = await db.transaction(async (tx) => {
    const free = options.over ? sql`true` : or(isNull(claims.takenBy), eq(claims.takenBy, adminId));
    const [claim] = await tx
      .update(claims)
      // A claim being replaced by a supplier stays `replacing` while an admin takes it up.
      .set({
        takenBy: adminId,
        takenAt: sql`now()`,
        status: sql`case when ${claims.status} = 'replacing' then 'replacing' else 'in_review' end`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(claims.id, claimId), inArray(claims.status, OPEN_CLAIM_STATUSES), free))
      .returning();
    if (claim && before.status === "open") await recordClaimUpdated(tx, claim, "status");
    return claim;
  });
  if (taken) return taken;
  const now = await getClaimForAdmin(db, claimId);
  const refusal = await refusalFor(db, now, adminId);
  if (refusal) throw refusal;
  return now;
}

/** Gives a claim back to the queue; the status stays in_review, as someone has looked at it. */
export async function releaseClaim(db: Db, claimId: string, adminId: string): Promise<Claim> {
  const [claim] = await db
    .update(claims)
    .set({ takenBy: null, takenAt: null })
    .where(and(eq(claims.id, claimId), inArray(claims.status, OPEN_CLAIM_STATUSES), eq(claims.takenBy, adminId)))
    .returning();
  if (claim) return claim;
  const now = await getClaimForAdmin(db, claimId);
  const refusal = await refusalFor(db, now, adminId);
  if (refusal) throw refusal;
  return now;
}
