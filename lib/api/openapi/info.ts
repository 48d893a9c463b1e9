import { API_SCOPES, SCOPE_DESCRIPTIONS } from "@/lib/api-keys/scopes";
import { RATE_CATEGORIES, type RateCategory } from "@/lib/ratelimit/categories";
import { WEBHOOK_DELIVERY_NOTES } from "@/lib/webhooks/payloads";
import type { Operation } from "../operation";

const CATEGORY_LABELS: Record<RateCategory, string> = {
  catalog_read: "catalog read",
  order_create: "order create",
  order_status: "order status",
  account_read: "account read",
  payment_write: "payment write",
  default: "everything else",
};

export function infoDescription(operations: Operation[]): string {
  const categories = (Object.keys(RATE_CATEGORIES) as RateCategory[]).map((category) => {
    const ids = operations.filter((operation) => operation.category === category).map((operation) => `\`${operation.operationId}\``);
    return `| \`${category}\` | ${CATEGORY_LABELS[category]} | ${RATE_CATEGORIES[category].limit} | ${ids.join(", ") || "-"} |`;
  });
  return [
    "Wholesale digital goods for resellers: catalog, orders, balance and payments.",
    "",
    "Two surfaces serve the same handlers and records: the public API v2 under `/api/v2` and the reseller API under `/api` " +
      "(its operations carry the `_reseller` suffix).",
    "",
    "## Authentication",
    "",
    "Send an API key as `X-API-Key: rk_live_...` or `Authorization: Bearer rk_live_...`; both surfaces accept both. " +
      "Where a request carries both headers, `X-API-Key` is the key and the `Authorization` header is not read (a gateway in front may use it for itself). " +
      "No, a malformed or an unknown/revoked key gets `401 unauthenticated`; a blocked reseller `403 account_disabled`; " +
      "a call from outside the key's IP allowlist `403 forbidden`.",
    "",
    "## Scopes",
    "",
    "A key holds scopes, chosen when it is created (every one by default). Each operation needs one, named in its description and in `x-required-scope`; " +
      'a call with a key that lacks it gets `403 forbidden` whose message names the scope, as does `details.scope` (`{"scope": "orders:write"}`).',
    "",
    "| scope | allows | operations |",
    "|---|---|---|",
    ...API_SCOPES.map((scope) => {
      const ids = operations.filter((operation) => operation.scope === scope).map((operation) => `\`${operation.operationId}\``);
      return `| \`${scope}\` | ${SCOPE_DESCRIPTIONS[scope]} | ${ids.join(", ") || "-"} |`;
    }),
    "",
    "## Conventions",
    "",
    "- JSON in, JSON out, UTF-8. Unknown fields in a request body, and query parameters an operation does not take, are rejected (`400 validation_error`). Bodies are limited to 64 KiB and taken uncompressed (a `Content-Encoding` is `400 invalid_json`); a query parameter given twice is `400 validation_error`.",
    "- Every response carries `X-Request-Id`.",
    '- Money is a JSON **string** holding a decimal number of US dollars (USDT counts 1:1), never a float: 2 to 6 fraction digits (`"12.50"`, `"100.000437"`).',
    "- Timestamps are ISO 8601 UTC with milliseconds: `2026-11-21T10:15:30.123Z`.",
    "- Ids are opaque strings with a type prefix: `usr_`, `ord_`, `txn_`, `pay_`, `dlv_`, `key_`, `msg_`. Event ids are UUIDs.",
    '- Lists take `?limit=` (1..100, default 50) and `?cursor=`, and answer `{"data": [...], "next_cursor": "..." | null}`, newest first (the catalog, which has no age, in sku order); pass `next_cursor` as `cursor` for the next page.',
    "",
    "## Errors",
    "",
    'Every error answers `{"error": {"code", "message", "retryable", "request_id", "details"}}` (the `Error` schema) with the status of its code. ' +
      "`retryable` is true when the same request may succeed later unchanged (429, 5xx and `out_of_stock`). " +
      "A request that is not well-formed HTTP is answered before its operation is known, with the same body: " +
      "`431 headers_too_large` when its headers are over 16 KB, otherwise `400 validation_error` at the path `request`.",
    "",
    "## Rate limits",
    "",
    "A sliding one-minute window per (category x API key); categories do not share budget. Its count is exact: a call is admitted while " +
      "fewer calls of its category than the limit were admitted in the last 60 seconds, so a key's budget comes back call by call, " +
      "60 seconds after each, and `Retry-After` is never more than 60. Every response of an operation carries " +
      "`X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (seconds until a request is certain to be admitted) for its category, " +
      "except while the rate-limit store is unreachable: calls are then admitted uncounted, and answered without these headers rather than with a budget nobody counts. " +
      "A refused caller spends nothing: a `403` shows the key's budget as it stands, and a `401`, which names no key, the category's whole limit. " +
      "An exhausted category answers `429 rate_limited` with `Retry-After` (whole seconds). Each operation names its category in `x-rate-limit-category`.",
    "",
    "| category | covers | limit / minute | operations |",
    "|---|---|---|---|",
    ...categories,
    "",
    "## Webhooks",
    "",
    "The events the service sends to your webhook URL are described under `webhooks`, one per event name.",
    "",
    ...WEBHOOK_DELIVERY_NOTES.map((note) => `- ${note}`),
  ].join("\n");
}
