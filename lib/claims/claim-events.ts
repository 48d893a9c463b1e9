import { eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { claimImages, orders, type Claim } from "@/lib/db/schema";
import { recordEvent } from "@/lib/events/record-event";
import { formatMoney } from "@/lib/money/money";
import { shortened } from "@/lib/text/characters";
import { isOutcome, toClaimRecord, type ClaimRecord } from "./serialize";

/** The claim as its record, with its image's type and size. */
export async function claimRecord(db: DbOrTx, claim: Claim): Promise<ClaimRecord> {
  const [image] = await db.select({ contentType: claimImages.contentType, size: claimImages.size }).from(claimImages).where(eq(claimImages.claimId, claim.id));
  return toClaimRecord(claim, image ?? null);
}

/** Records of a page of claims, with one read of their images. */
export async function claimRecords(db: DbOrTx, page: Claim[]): Promise<ClaimRecord[]> {
  if (page.length === 0) return [];
  const images = await db
    .select({ claimId: claimImages.claimId, contentType: claimImages.contentType, size: claimImages.size })
    .from(claimImages)
    .where(
      inArray(
        claimImages.claimId,
        page.map((claim) => claim.id),
      ),
    );
  const byClaim = new Map(images.map((image) => [image.claimId, image]));
  return page.map((claim) => toClaimRecord(claim, byClaim.get(claim.id) ?? null));
}

/** The order shows its latest claim's status in its record; moved in the claim's own transaction. */
export async function mirrorOnOrder(tx: DbOrTx, claim: Claim): Promise<void> {
  await tx.update(orders).set({ claimId: claim.id, claimStatus: claim.status }).where(eq(orders.id, claim.orderId));
}

export async function recordClaimOpened(tx: DbOrTx, claim: Claim): Promise<void> {
  await mirrorOnOrder(tx, claim);
  await recordEvent(tx, { userId: claim.userId, type: "order.claim.opened", data: await claimRecord(tx, claim) });
}

export async function recordClaimUpdated(tx: DbOrTx, claim: Claim, change: { message: string } | "status"): Promise<void> {
  if (change === "status") await mirrorOnOrder(tx, claim);
  const record = await claimRecord(tx, claim);
  await recordEvent(tx, {
    userId: claim.userId,
    type: "order.claim.updated",
    data:
      change === "status"
        ? { ...record, change: "status", message_preview: null }
        : { ...record, change: "message", message_preview: shortened(change.message, 100) },
  });
}

export async function recordClaimResolved(tx: DbOrTx, claim: Claim): Promise<void> {
  await mirrorOnOrder(tx, claim);
  if (!isOutcome(claim.status)) throw new Error(`claim ${claim.id} is ${claim.status}, not resolved`);
  const record = await claimRecord(tx, claim);
  await recordEvent(tx, {
    userId: claim.userId,
    type: "order.claim.resolved",
    data: { ...record, outcome: claim.status, amount: claim.refundAmount === null ? null : formatMoney(claim.refundAmount) },
  });
}
