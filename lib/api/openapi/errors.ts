import { AppError, errorStatus, type ErrorCode } from "@/lib/errors/app-error";
import { insufficientBalance } from "@/lib/ledger/post-entry";
import { claimAlreadyOpen, claimWindowPassed } from "@/lib/claims/refusals";
import { MAX_MESSAGES_PER_ORDER } from "@/lib/orders/messages";
import {
  chatFull,
  duplicateReference,
  idempotencyConflict,
  orderClosed,
  outOfStock,
  priceChanged,
  productUnavailable,
  wrongCategory,
} from "@/lib/orders/refusals";
import type { Operation } from "../operation";
import { scopeRefusal } from "../scope-refusal";
import { responseHeaders } from "./headers";
import { firstPropertyPath } from "./parameters";
import { SCHEMA_PREFIX, type ComponentRegistry } from "./schema-conversion";
import type { JsonSchema, OpenApiExample, OpenApiResponse } from "./types";

export const ERROR_SCHEMA_ID = "Error";

/** What each error code means, for the descriptions of the error responses. */
export const ERROR_CODE_NOTES: Record<ErrorCode, string> = {
  validation_error: "the body, query or path fails its schema; `details.issues` lists `{path, message}`",
  invalid_json: "the body is not JSON",
  unauthenticated: "no, malformed, unknown or revoked API key",
  insufficient_balance: "the balance does not cover the charge; `details.balance` and `details.required` give both amounts",
  account_disabled: "the reseller is blocked",
  forbidden: "not allowed, e.g. a call from outside the key's IP allowlist",
  not_found: "unknown id, or one that belongs to another reseller",
  method_not_allowed: "the path does not take this method",
  idempotency_conflict:
    "the same `Idempotency-Key` was used with a different body, or on an endpoint that sells other categories; `details.order_id` names the order it made",
  duplicate_reference: "the `reference` is already used by another order; `details.order_id` names it",
  order_closed: "the order is completed or failed, so its chat is read-only; `details.status` says which",
  price_changed: "the product's price for you is now above the order's `max_price`; nothing was charged, and `details.price` is the price now",
  claim_conflict:
    "the order already has an open claim (`details.claim_id`), another admin resolved the claim first (`details.resolved_by`), or the claim is resolved and its chat read-only (`details.status`)",
  claim_not_allowed:
    "the order cannot be claimed: it is not completed (`details.reason: not_completed`) or its category's claim window closed (`details.reason: window_passed`, `details.window_closed_at`)",
  chat_full: "the order's chat holds as many messages as it can, `details.limit`, and takes no more",
  webhook_disabled: "the webhook is disabled; enable it first (PUT /api/v2/account/webhook with `enabled: true`), then ask again",
  payload_too_large: "the body is over 64 KiB",
  unsupported_media_type: "the body is sent as another media type than `application/json` (or an `application/*+json` one)",
  headers_too_large: "the request's headers are over 16 KB; answered before the operation is known",
  out_of_stock: "the product is out of stock (retryable); `details.available` is how many codes are",
  product_unavailable: "the product cannot be sold now",
  wrong_category: "the sku belongs to another category than this endpoint sells; `details.category` names its own",
  invalid_player: "the player / account id was rejected",
  invalid_recipient: "the recipient was rejected",
  rate_limited: "the operation's rate-limit category is exhausted; `Retry-After` says when to retry",
  internal_error: "an unexpected failure on our side; retry later, quoting the request id",
  service_unavailable:
    "the request passed its deadline (`REQUEST_DEADLINE`, 25 s by default) and nothing of it was kept, or the database cannot be reached for the moment (with `Retry-After`); retry it, with the same `Idempotency-Key` for an order",
};

const EXAMPLE_REQUEST_ID = "6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b";
const EXAMPLE_ORDER_ID = "ord_01JD8X3Q5N7R9T1V3W5Y7Z9B1C";
const EXAMPLE_SKU = "giftcard-steam-us-20";

/** The refusals whose answers carry details, made by the functions that make them for real: their examples show what a client reads. */
const EXAMPLE_REFUSALS: Partial<Record<ErrorCode, AppError>> = {
  insufficient_balance: insufficientBalance(3_000_000n, 5_000_000n),
  idempotency_conflict: idempotencyConflict(EXAMPLE_ORDER_ID),
  duplicate_reference: duplicateReference("shop-order-8812", EXAMPLE_ORDER_ID),
  order_closed: orderClosed(EXAMPLE_ORDER_ID, "completed"),
  chat_full: chatFull(EXAMPLE_ORDER_ID, MAX_MESSAGES_PER_ORDER),
  claim_conflict: claimAlreadyOpen(EXAMPLE_ORDER_ID, "clm_01JD8X3Q5N7R9T1V3W5Y7Z9B1D"),
  claim_not_allowed: claimWindowPassed(EXAMPLE_ORDER_ID, new Date("2026-11-28T10:15:30.123Z")),
  price_changed: priceChanged(EXAMPLE_SKU, 19_600_000n, 19_400_000n, "max_price"),
  out_of_stock: outOfStock(EXAMPLE_SKU, 2, 1),
  product_unavailable: productUnavailable(EXAMPLE_SKU),
  wrong_category: wrongCategory(EXAMPLE_SKU, "giftcard", "topup"),
};

/** A key without the operation's scope is the forbidden answer an integrator meets first, so it is the example. */
function refusalOf(code: ErrorCode, operation: Operation): AppError | undefined {
  if (code === "forbidden" && operation.scope) return scopeRefusal(operation.scope, operation.operationId, true, "");
  return EXAMPLE_REFUSALS[code];
}

/** What a code means for this operation: a forbidden answer names the scope it needs. */
function noteOf(code: ErrorCode, operation: Operation): string {
  if (code === "forbidden" && operation.scope)
    return `the key lacks the \`${operation.scope}\` scope this operation needs (\`details.scope\` names it), or the call came from outside the key's IP allowlist`;
  return ERROR_CODE_NOTES[code];
}

function errorExample(code: ErrorCode, operation: Operation, fieldPath: string): OpenApiExample {
  const refusal = refusalOf(code, operation);
  const appError = refusal ?? new AppError(code, "");
  let details: Record<string, unknown> = refusal?.details ?? {};
  if (code === "validation_error") details = { issues: [{ path: fieldPath, message: "Invalid input" }] };
  if (code === "rate_limited") details = { category: operation.category, retry_after: 12 };
  const note = ERROR_CODE_NOTES[code].replace(/`/g, "");
  const message = refusal ? refusal.message : code === "validation_error" ? `${fieldPath}: Invalid input.` : note.charAt(0).toUpperCase() + note.slice(1) + ".";
  return {
    summary: code,
    value: {
      error: {
        code,
        message,
        retryable: appError.retryable,
        request_id: EXAMPLE_REQUEST_ID,
        details,
      },
    },
  };
}

/** Every error code the operation can answer with, in status then declaration order. */
export function operationErrorCodes(operation: Operation): ErrorCode[] {
  const codes: ErrorCode[] = [];
  const add = (code: ErrorCode) => {
    if (!codes.includes(code)) codes.push(code);
  };
  // A write without a body schema still reads a body it is sent, and refuses one that is not empty.
  const readsBody = Boolean(operation.body) || operation.method !== "GET";
  // Every operation refuses a query parameter it does not take.
  add("validation_error");
  if (readsBody) add("invalid_json");
  if (operation.auth === "reseller") {
    add("unauthenticated");
    add("account_disabled");
    add("forbidden");
  }
  for (const code of operation.errors ?? []) add(code);
  if (readsBody) {
    add("payload_too_large");
    add("unsupported_media_type");
  }
  if (operation.auth === "reseller") add("rate_limited");
  add("internal_error");
  add("service_unavailable");
  return codes.sort((a, b) => errorStatus[a] - errorStatus[b]);
}

export function errorResponses(operation: Operation, registry: ComponentRegistry, inputs: Array<[string, JsonSchema | undefined]>) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of operationErrorCodes(operation)) {
    const status = errorStatus[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const fieldPath = firstPropertyPath(registry, inputs);
  const responses: Record<string, OpenApiResponse> = {};
  for (const [status, codes] of byStatus) {
    responses[String(status)] = {
      description: codes.map((code) => `\`${code}\`: ${noteOf(code, operation)}`).join("; ") + ".",
      headers: responseHeaders(operation, status),
      content: {
        "application/json": {
          schema: { $ref: SCHEMA_PREFIX + ERROR_SCHEMA_ID },
          examples: Object.fromEntries(codes.map((code) => [code, errorExample(code, operation, fieldPath)])),
        },
      },
      "x-error-codes": codes,
    };
  }
  return responses;
}
