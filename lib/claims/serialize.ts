import { z } from "zod";
import { CLAIM_IMAGE_TYPES, CLAIM_REASONS, CLAIM_STATUSES, type Claim, type ClaimMessage } from "@/lib/db/schema";
import { formatMoney } from "@/lib/money/money";
import { moneyString, timestampString } from "@/lib/records/fields";

export const CLAIM_OUTCOMES = ["replaced", "refunded", "rejected"] as const;
export type ClaimOutcome = (typeof CLAIM_OUTCOMES)[number];

export const claimSchema = z
  .object({
    claim_id: z.string().meta({ example: "clm_01JD4X0000ABCDEFGHJKMNPQRS" }),
    order_id: z.string().meta({ example: "ord_01JD4X0000ABCDEFGHJKMNPQRS" }),
    status: z.enum(CLAIM_STATUSES).meta({
      description:
        "`open` (waiting), `in_review` (an admin is on it), `replacing` (a replacement is being bought from a supplier, as the product was out of stock), " +
        "or its outcome: `replaced`, `refunded`, `rejected`.",
    }),
    reason: z.enum(CLAIM_REASONS),
    message: z.string(),
    image: z
      .object({ content_type: z.enum(CLAIM_IMAGE_TYPES), size: z.number().int() })
      .nullable()
      .meta({ description: "The image attached when the claim was opened in the panel, or null." }),
    forwarded: z.boolean().meta({
      description:
        "True once the claim was passed on to the supplier that delivered the order; its answer comes back to this claim (a replacement, a refund, or our support's own decision).",
    }),
    respond_by: timestampString.meta({ description: "The answer promised: when the claim was opened plus the operator's response time (24 h by default)." }),
    resolution: z
      .object({
        outcome: z.enum(CLAIM_OUTCOMES),
        note: z.string().nullable().meta({ description: "The reason of a rejection, or the admin's note on a replacement or refund." }),
        refund_amount: moneyString.nullable().meta({ description: "What a refund returned to the balance; null for the other outcomes." }),
        resolved_at: timestampString,
      })
      .nullable()
      .meta({ description: "Null while the claim is open or in review." }),
    created_at: timestampString,
    updated_at: timestampString,
  })
  .meta({ id: "Claim" });

export type ClaimRecord = z.infer<typeof claimSchema>;

export const isOutcome = (status: string): status is ClaimOutcome => (CLAIM_OUTCOMES as readonly string[]).includes(status);

export function toClaimRecord(claim: Claim, image: { contentType: (typeof CLAIM_IMAGE_TYPES)[number]; size: number } | null): ClaimRecord {
  const status = claim.status;
  return {
    claim_id: claim.id,
    order_id: claim.orderId,
    status,
    reason: claim.reason,
    message: claim.message,
    image: image ? { content_type: image.contentType, size: image.size } : null,
    forwarded: claim.upstreamClaimId !== null,
    respond_by: claim.respondBy.toISOString(),
    resolution:
      isOutcome(status) && claim.resolvedAt
        ? {
            outcome: status,
            note: claim.resolutionNote,
            refund_amount: claim.refundAmount === null ? null : formatMoney(claim.refundAmount),
            resolved_at: claim.resolvedAt.toISOString(),
          }
        : null,
    created_at: claim.createdAt.toISOString(),
    updated_at: claim.updatedAt.toISOString(),
  };
}

export const claimMessageSchema = z
  .object({
    message_id: z.string(),
    author: z.enum(["reseller", "support"]),
    text: z.string(),
    created_at: timestampString,
  })
  .meta({ id: "ClaimMessage" });

export function toClaimMessageRecord(message: ClaimMessage) {
  return {
    message_id: message.id,
    author: message.author === "reseller" ? ("reseller" as const) : ("support" as const),
    text: message.text,
    created_at: message.createdAt.toISOString(),
  };
}

/** A claim's message as the panel's chat shows it: support writes on the side a manual order's operator does. */
export function toClaimChatMessage(message: ClaimMessage) {
  return {
    message_id: message.id,
    author: message.author === "support" ? ("supplier" as const) : ("reseller" as const),
    text: message.text,
    created_at: message.createdAt.toISOString(),
  };
}
