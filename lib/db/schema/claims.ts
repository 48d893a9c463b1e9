import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, micros, timestamptz } from "./columns";
import { orders, type StoredDelivery } from "./orders";
import { PRODUCT_CATEGORIES, type ProductCategory } from "./products";
import { suppliers } from "./suppliers";
import { users } from "./users";

export const CLAIM_REASONS = ["code_invalid", "code_already_used", "wrong_region", "not_received", "other"] as const;
export type ClaimReason = (typeof CLAIM_REASONS)[number];

/**
 * open: waiting for an admin; in_review: an admin took it; replacing: a replacement is being bought from a
 * supplier (no stock was left); the other three are its outcome, final.
 */
export const CLAIM_STATUSES = ["open", "in_review", "replacing", "replaced", "refunded", "rejected"] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
export const OPEN_CLAIM_STATUSES = ["open", "in_review", "replacing"] as const satisfies readonly ClaimStatus[];

/** A literal, so that the partial indexes serve every query that names the open claims this way. */
export const CLAIM_IS_OPEN = sql.raw(`status in ('open', 'in_review', 'replacing')`);

/** A replacement under way from a supplier: which delivered items it replaces, who asked, with what note. */
export interface ClaimReplacementRequest {
  items: number[];
  by: string;
  note: string | null;
}

/**
 * A reseller's complaint about a completed order: a code that does not work, a top-up that never arrived.
 * At most one is open per order (the partial unique index), however many requests race to open one.
 */
export const claims = pgTable(
  "claims",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    reason: text("reason").$type<ClaimReason>().notNull(),
    message: text("message").notNull(),
    status: text("status").$type<ClaimStatus>().notNull().default("open"),
    /** The promised answer: opened at + CLAIM_RESPONSE_SLA, fixed when the claim opens. */
    respondBy: timestamptz("respond_by").notNull(),
    takenBy: text("taken_by").references(() => users.id),
    takenAt: timestamptz("taken_at"),
    resolvedBy: text("resolved_by").references(() => users.id),
    resolvedAt: timestamptz("resolved_at"),
    /** The reason of a rejection or the admin's note on a refund or replacement; the reseller reads it. */
    resolutionNote: text("resolution_note"),
    refundAmount: micros("refund_amount"),
    /** The delivered items a replacement took back, encrypted as they were delivered. */
    replacedItems: jsonb("replaced_items").$type<StoredDelivery["items"]>(),
    /** Set while the claim is `replacing`, and kept after: what the admin's replacement asked the supplier for. */
    replacement: jsonb("replacement").$type<ClaimReplacementRequest>(),
    /** Why the last replacement from a supplier failed: the admin reads it on the claim, back in review. */
    replacementError: text("replacement_error"),
    /**
     * The claim as forwarded to the upstream that fulfilled the order, when that upstream is another
     * instance of this product (a reseller-api supplier): its supplier, its order there, the claim there
     * once it is known, and what the upstream last said of it.
     */
    upstreamSupplierId: text("upstream_supplier_id").references(() => suppliers.id),
    upstreamOrderId: text("upstream_order_id"),
    upstreamClaimId: text("upstream_claim_id"),
    upstreamStatus: text("upstream_status"),
    /** The upstream's note on its outcome: a rejection's reason, shown to our admin. */
    upstreamNote: text("upstream_note"),
    upstreamError: text("upstream_error"),
    forwardedAt: timestamptz("forwarded_at"),
    upstreamCheckedAt: timestamptz("upstream_checked_at"),
    /**
     * The Idempotency-Key the claim was opened with over the API, kept with the claim: a retry after a
     * lost answer (a downstream instance forwarding its claim, a bot) gets this claim back, not a second.
     */
    idempotencyKey: text("idempotency_key"),
    createdAt: createdAt(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("claims_user_id_idx").on(t.userId, t.id),
    index("claims_order_id_idx").on(t.orderId, t.id),
    uniqueIndex("claims_one_open_per_order_key").on(t.orderId).where(CLAIM_IS_OPEN),
    index("claims_queue_idx").on(t.respondBy).where(CLAIM_IS_OPEN),
    index("claims_upstream_claim_idx")
      .on(t.upstreamSupplierId, t.upstreamClaimId)
      .where(sql`${t.upstreamClaimId} is not null`),
    uniqueIndex("claims_idempotency_key")
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    check("claims_status_valid", sql`${t.status} in ('open', 'in_review', 'replacing', 'replaced', 'refunded', 'rejected')`),
    check("claims_reason_valid", sql`${t.reason} in ('code_invalid', 'code_already_used', 'wrong_region', 'not_received', 'other')`),
    check("claims_refund_positive", sql`${t.refundAmount} is null or ${t.refundAmount} > 0`),
  ],
);

export type Claim = typeof claims.$inferSelect;

/** `upstream`: a message of the upstream's support on the claim we forwarded, shown to our admins only. */
export type ClaimMessageAuthor = "reseller" | "support" | "upstream";

/** The chat of a claim, between the reseller and the admins, as a manual order's chat. */
export const claimMessages = pgTable(
  "claim_messages",
  {
    id: text("id").primaryKey(),
    claimId: text("claim_id")
      .notNull()
      .references(() => claims.id),
    author: text("author").$type<ClaimMessageAuthor>().notNull(),
    authorId: text("author_id").notNull(),
    text: text("text").notNull(),
    /** The upstream's id of an `upstream` message: each is copied once, however often the chat is read. */
    upstreamMessageId: text("upstream_message_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("claim_messages_claim_id_idx").on(t.claimId, t.id),
    uniqueIndex("claim_messages_upstream_key")
      .on(t.claimId, t.upstreamMessageId)
      .where(sql`${t.upstreamMessageId} is not null`),
  ],
);

export type ClaimMessage = typeof claimMessages.$inferSelect;

export const CLAIM_IMAGE_TYPES = ["image/png", "image/jpeg"] as const;
export type ClaimImageType = (typeof CLAIM_IMAGE_TYPES)[number];

/** The one screenshot a claim may carry, as base64: both drivers read text alike, where bytea comes back in two shapes. */
export const claimImages = pgTable("claim_images", {
  claimId: text("claim_id")
    .primaryKey()
    .references(() => claims.id),
  contentType: text("content_type").$type<ClaimImageType>().notNull(),
  size: integer("size").notNull(),
  dataBase64: text("data_base64").notNull(),
  createdAt: createdAt(),
});

/** An admin's claim window for a category; a category without a row has the default (lib/claims/windows.ts). */
export const claimWindows = pgTable(
  "claim_windows",
  {
    category: text("category").$type<ProductCategory>().primaryKey(),
    windowSeconds: integer("window_seconds").notNull(),
    updatedBy: text("updated_by").references(() => users.id),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("claim_windows_positive", sql`${t.windowSeconds} > 0`),
    check("claim_windows_category_valid", sql.raw(`category in (${PRODUCT_CATEGORIES.map((c) => `'${c}'`).join(", ")})`)),
  ],
);
