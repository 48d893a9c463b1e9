import { z } from "zod";
import { ORDER_STATUSES, PRODUCT_CATEGORIES, type ProductCategory } from "@/lib/db/schema";
import { MAX_MESSAGE_LENGTH, MAX_MESSAGES_PER_ORDER } from "@/lib/orders/messages";
import { orderReferenceSchema } from "@/lib/orders/reference";
import { orderSchema } from "@/lib/orders/serialize";
import { createdTimeQuery, listResponse, moneyInput, paginationQuery, resourceId } from "../common-schemas";
import { timestampString } from "@/lib/records/fields";
import { defineOperation } from "../operation";

/*
 * Orders: creation (one operation per endpoint, each with the categories it sells), reads, the
 * bulk/filtered list, and the chat of manual orders.
 */

const TAG = "Orders";
const CHAT_TAG = "Order chat";

const FIELD_NUMBER_MESSAGE = "A number here must be a whole number of at most 15 digits; send other values as a string.";
const MAX_FIELD_NUMBER = 999_999_999_999_999;

/**
 * A field's value as a JSON number, which is turned into its digits. Only whole numbers of up to 15
 * digits are taken: JSON carries those exactly, while 123456789012345678 parses as 123456789012345680
 * and 12.50 as 12.5, so their digits would name another recipient than the one sent.
 */
const fieldNumber = z
  .number({ error: FIELD_NUMBER_MESSAGE })
  .refine((value) => Number.isInteger(value) && Math.abs(value) <= MAX_FIELD_NUMBER, FIELD_NUMBER_MESSAGE);

export const orderRequestSchema = z
  .strictObject({
    sku: z.string().trim().min(1).max(100).meta({ example: "giftcard-steam-us-20" }),
    quantity: z.number().int().min(1).max(1000).default(1).meta({ description: "How many; the product's `min_quantity`..`max_quantity` applies." }),
    fields: z
      // No product names a field of over 64 characters, so such a name is one it does not take.
      .record(z.string().max(64), z.union([z.string().max(256), fieldNumber]), {
        error: (issue) => (issue.code === "invalid_key" ? "Unknown field." : undefined),
      })
      .default({})
      .meta({
        description:
          "What the product's `fields` ask for, by name (e.g. `player_id`, `zone_id`, `login`, `username`, `friend_link`), as strings or as whole JSON numbers of at most 15 digits. Values are trimmed; " +
          "one that shows nothing (only spaces) counts as left out, and control characters other than line breaks and tabs, or direction overrides, are refused.",
        example: {},
      }),
    reference: orderReferenceSchema.nullish().meta({
      description:
        "Your own id for the order; unique among your orders, filterable in lists. Control, direction-override and invisible characters are refused.",
      example: "shop-order-8812",
    }),
    max_price: moneyInput.optional().meta({
      description:
        "The highest unit price you accept, as the catalog's `price` is written (a decimal string of US dollars). If the product's price for you is above it when the order is placed, " +
        "the order is refused with `409 price_changed`, nothing is charged, and `details.price` gives the price now; the same price passes. Leave it out to accept the price of the moment.",
      example: "19.40",
    }),
  })
  .meta({ id: "OrderRequest" });

const CREATE_ERRORS = [
  "insufficient_balance",
  "idempotency_conflict",
  "duplicate_reference",
  "price_changed",
  "out_of_stock",
  "product_unavailable",
  "wrong_category",
] as const;

const IDEMPOTENCY_NOTE =
  "Send an `Idempotency-Key` header (up to 255 characters, kept 24 h) to make retries safe: a repeat with the same body answers the original order " +
  "with status 200 and `Idempotent-Replayed: true` and charges nothing; the same key with a different body answers `409 idempotency_conflict`. " +
  "The charge (unit price x quantity) leaves the balance with the order's creation; a new order answers 201, `processing`, or already `completed` " +
  "when its codes come from stock. Send `max_price` to cap the unit price: a price raised since you read it answers `409 price_changed` and charges nothing.";

/**
 * An order-create operation, with the categories it sells (required: "any" for createOrderOp alone). The
 * route hands `sells` to the order, and the description says it, so the two cannot disagree.
 */
function createOperation(input: { operationId: string; summary: string; path: string; resellerPath?: string; sells: readonly ProductCategory[] | "any" }) {
  const sells =
    input.sells === "any"
      ? "Sells a product of any category."
      : `Sells ${input.sells.map((c) => `\`${c}\``).join(", ")} products only; another category's sku answers \`422 wrong_category\`.`;
  const operation = defineOperation({
    operationId: input.operationId,
    summary: input.summary,
    description: `${sells}\n\n${IDEMPOTENCY_NOTE}`,
    tag: TAG,
    method: "POST",
    path: input.path,
    resellerPath: input.resellerPath,
    category: "order_create",
    auth: "reseller",
    scope: "orders:write",
    body: orderRequestSchema,
    response: orderSchema,
    successStatus: 201,
    idempotencyKey: true,
    errors: [...CREATE_ERRORS],
  });
  return { ...operation, sells: input.sells };
}

export const createOrderOp = createOperation({ operationId: "createOrder", summary: "Create an order", path: "/api/v2/order", sells: "any" });
export const createTopupOrderOp = createOperation({
  operationId: "createTopupOrder",
  sells: ["topup"],
  summary: "Create a top-up order",
  path: "/api/v2/topup",
  resellerPath: "/api/topup/order",
});
export const createGiftCardOrderOp = createOperation({
  operationId: "createGiftCardOrder",
  sells: ["giftcard"],
  summary: "Create a gift-card order",
  path: "/api/v2/gift-cards",
  resellerPath: "/api/giftcards/order",
});
export const createGameKeyOrderOp = createOperation({
  operationId: "createGameKeyOrder",
  sells: ["gamekey"],
  summary: "Create a game-key order",
  path: "/api/v2/game-keys",
  resellerPath: "/api/gamekeys/order",
});
export const createPlatformTopupOrderOp = createOperation({
  operationId: "createPlatformTopupOrder",
  sells: ["platformtopup"],
  summary: "Create a platform wallet top-up order",
  path: "/api/platformtopup/order",
});
export const createPlatformGiftOrderOp = createOperation({
  operationId: "createPlatformGiftOrder",
  sells: ["platformgift"],
  summary: "Create a platform gift order",
  path: "/api/platformgifts/order",
});
export const createMessengerPremiumOrderOp = createOperation({
  operationId: "createMessengerPremiumOrder",
  sells: ["messenger_premium"],
  summary: "Gift Messenger Premium",
  path: "/api/messenger/premium/gift",
});
export const createMessengerStarsOrderOp = createOperation({
  operationId: "createMessengerStarsOrder",
  sells: ["messenger_stars"],
  summary: "Buy Messenger Stars",
  path: "/api/messenger/stars/buy",
});

const orderIdParam = z.object({ orderId: resourceId("ord_01JD4X0000ABCDEFGHJKMNPQRS").meta({ description: "The order's id." }) });

export const getOrderOp = defineOperation({
  operationId: "getOrder",
  summary: "One order",
  description: "Poll this until the order is `completed` or `failed` (or take the webhook). Another reseller's order id answers 404.",
  tag: TAG,
  method: "GET",
  path: "/api/v2/order/{orderId}",
  resellerPath: "/api/orders/{orderId}",
  category: "order_status",
  auth: "reseller",
  scope: "orders:read",
  params: orderIdParam,
  response: orderSchema,
  errors: ["not_found"],
});

const MAX_BULK_IDS = 100;

export const listOrdersOp = defineOperation({
  operationId: "listOrders",
  summary: "The caller's orders, newest first",
  description:
    "Filter by `status`, `type`, `reference`, creation time (`from`, `to`, inclusive) or up to 100 order ids at once (`ids`, for bulk status checks).",
  tag: TAG,
  method: "GET",
  path: "/api/v2/orders",
  resellerPath: "/api/orders",
  category: "default",
  auth: "reseller",
  scope: "orders:read",
  query: paginationQuery("ord").extend({
    status: z.enum(ORDER_STATUSES).optional(),
    type: z.enum(PRODUCT_CATEGORIES).optional(),
    reference: z.string().min(1).max(64).optional(),
    ...createdTimeQuery,
    ids: z
      .string()
      .max(MAX_BULK_IDS * 65)
      .transform((list) =>
        list
          .split(",")
          .map((id) => id.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().max(64)).min(1).max(MAX_BULK_IDS, `At most ${MAX_BULK_IDS} ids.`))
      .optional()
      .meta({ description: `Comma-separated order ids, at most ${MAX_BULK_IDS}.`, example: "ord_01JD...,ord_01JE..." }),
  }),
  response: listResponse(orderSchema),
});

export const orderMessageSchema = z
  .object({
    message_id: z.string(),
    author: z.enum(["reseller", "supplier"]),
    text: z.string(),
    created_at: timestampString,
  })
  .meta({ id: "OrderMessage" });

export const listOrderMessagesOp = defineOperation({
  operationId: "listOrderMessages",
  summary: "The chat of a manual order",
  description:
    "Messages between you and the supplier, newest first, paginated like every list: pass `next_cursor` as `cursor` for older messages. " +
    "Orders of other types have no chat (an empty list).",
  tag: CHAT_TAG,
  method: "GET",
  path: "/api/v2/orders/{orderId}/messages",
  category: "default",
  auth: "reseller",
  scope: "orders:read",
  params: orderIdParam,
  query: paginationQuery("msg"),
  response: listResponse(orderMessageSchema),
  errors: ["not_found"],
});

export const postOrderMessageOp = defineOperation({
  operationId: "postOrderMessage",
  summary: "Write to the supplier of a manual order",
  description:
    "Only manual orders have a chat; another type answers `422 wrong_category`. The chat takes messages while the order is `processing`; once it is completed or failed it is read-only, and a message answers `409 order_closed`. " +
    `A chat holds at most ${MAX_MESSAGES_PER_ORDER} messages, yours and the supplier's; past that a message answers \`409 chat_full\`.`,
  tag: CHAT_TAG,
  method: "POST",
  path: "/api/v2/orders/{orderId}/messages",
  category: "default",
  auth: "reseller",
  scope: "orders:write",
  params: orderIdParam,
  body: z.strictObject({ text: z.string().min(1).max(MAX_MESSAGE_LENGTH).meta({ example: "The account email is player@example.com." }) }),
  response: orderMessageSchema,
  successStatus: 201,
  errors: ["not_found", "wrong_category", "order_closed", "chat_full"],
});

export const orderOperations = [
  createOrderOp,
  createTopupOrderOp,
  createGiftCardOrderOp,
  createGameKeyOrderOp,
  createPlatformTopupOrderOp,
  createPlatformGiftOrderOp,
  createMessengerPremiumOrderOp,
  createMessengerStarsOrderOp,
  getOrderOp,
  listOrdersOp,
  listOrderMessagesOp,
  postOrderMessageOp,
];
