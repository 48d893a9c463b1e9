import { z } from "zod";
import { MAX_MESSAGES_PER_CLAIM } from "@/lib/claims/claim-messages";
import { claimMessageInput, MAX_CLAIM_MESSAGE, openClaimSchema } from "@/lib/claims/schemas";
import { claimMessageSchema, claimSchema } from "@/lib/claims/serialize";
import { CLAIM_REASONS, CLAIM_STATUSES } from "@/lib/db/schema";
import { createdTimeQuery, listResponse, paginationQuery, resourceId } from "../common-schemas";
import { defineOperation } from "../operation";

/*
 * Claims: a reseller reports a completed order's code that does not work, or a top-up that never
 * arrived, and gets a replacement, a refund or a reasoned rejection within the promised time.
 */

const TAG = "Claims";
const base = { tag: TAG, category: "default", auth: "reseller" } as const;

const WINDOWS =
  "An order can be claimed once it is `completed`, within its category's claim window from delivery (set by the operator; by default 7 days for gift cards, game keys " +
  "and manual services, 72 hours for top-ups, platform top-ups and gifts, and messenger premium and stars); past it, or on an order that is not completed, the answer is " +
  "`422 claim_not_allowed`. One claim per order is open at a time (`409 claim_conflict` names it); once it is resolved the order can be claimed again within its window.";

const claimIdParam = z.object({ claimId: resourceId("clm_01JD4X0000ABCDEFGHJKMNPQRS").meta({ description: "The claim's id." }) });

export const openClaimOp = defineOperation({
  scope: "orders:write",
  ...base,
  operationId: "openClaim",
  summary: "Open a claim on an order",
  description:
    `${WINDOWS}\n\nThe claim answers \`201\`, \`open\`, with \`respond_by\`: the answer promised. Support then replaces the code (the order's \`delivery\` holds the new one), ` +
    "refunds all or part of the charge (a `refund` transaction naming the claim), or rejects it with a reason. The order record's `claim` shows the claim's id and status. " +
    "A screenshot (PNG or JPEG, at most 2 MB) can be attached when the claim is opened in the panel.\n\n" +
    "Send an `Idempotency-Key` header to make a retry safe: a repeat of the same claim (order, reason and message) under the key answers the claim the first request opened, " +
    "with status 200 and `Idempotent-Replayed: true`, whatever has become of it since; the key with another claim answers `409 idempotency_conflict`. The key is kept with the claim.",
  method: "POST",
  path: "/api/v2/orders/{orderId}/claims",
  params: z.object({ orderId: resourceId("ord_01JD4X0000ABCDEFGHJKMNPQRS").meta({ description: "The order's id." }) }),
  body: openClaimSchema,
  response: claimSchema,
  successStatus: 201,
  idempotencyKey: true,
  errors: ["not_found", "claim_conflict", "claim_not_allowed", "idempotency_conflict"],
});

export const listClaimsOp = defineOperation({
  scope: "orders:read",
  ...base,
  operationId: "listClaims",
  summary: "The caller's claims, newest first",
  description: "Filter by `status`, `reason`, `order_id` or creation time (`from`, `to`, inclusive).",
  method: "GET",
  path: "/api/v2/claims",
  query: paginationQuery("clm").extend({
    status: z.enum(CLAIM_STATUSES).optional(),
    reason: z.enum(CLAIM_REASONS).optional(),
    order_id: resourceId("ord_01JD4X0000ABCDEFGHJKMNPQRS").optional(),
    ...createdTimeQuery,
  }),
  response: listResponse(claimSchema),
});

export const getClaimOp = defineOperation({
  scope: "orders:read",
  ...base,
  operationId: "getClaim",
  summary: "One claim",
  description: "Another reseller's claim id answers 404.",
  method: "GET",
  path: "/api/v2/claims/{claimId}",
  params: claimIdParam,
  response: claimSchema,
  errors: ["not_found"],
});

export const listClaimMessagesOp = defineOperation({
  scope: "orders:read",
  ...base,
  operationId: "listClaimMessages",
  summary: "The chat of a claim",
  description: "Messages between you and support, newest first, paginated like every list.",
  method: "GET",
  path: "/api/v2/claims/{claimId}/messages",
  params: claimIdParam,
  query: paginationQuery("msg"),
  response: listResponse(claimMessageSchema),
  errors: ["not_found"],
});

export const postClaimMessageOp = defineOperation({
  scope: "orders:write",
  ...base,
  operationId: "postClaimMessage",
  summary: "Write to support about a claim",
  description:
    `At most ${MAX_CLAIM_MESSAGE} characters. The chat takes messages while the claim is \`open\`, \`in_review\` or \`replacing\`; once resolved it is read-only (\`409 claim_conflict\`), ` +
    `as it is past ${MAX_MESSAGES_PER_CLAIM} messages.`,
  method: "POST",
  path: "/api/v2/claims/{claimId}/messages",
  params: claimIdParam,
  body: claimMessageInput,
  response: claimMessageSchema,
  successStatus: 201,
  errors: ["not_found", "claim_conflict"],
});

export const claimOperations = [openClaimOp, listClaimsOp, getClaimOp, listClaimMessagesOp, postClaimMessageOp];
