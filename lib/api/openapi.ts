import { z } from "zod";
import { AppError, errorStatus, type ErrorCode } from "@/lib/errors/app-error";
import { insufficientBalance } from "@/lib/ledger/post-entry";
import { MAX_MESSAGES_PER_ORDER } from "@/lib/orders/messages";
import { chatFull, duplicateReference, idempotencyConflict, orderClosed, outOfStock, productUnavailable, wrongCategory } from "@/lib/orders/refusals";
import { RATE_CATEGORIES, type RateCategory } from "@/lib/ratelimit/categories";
import { WEBHOOK_ANSWERS, WEBHOOK_DELIVERY_NOTES, WEBHOOK_EVENTS, WEBHOOK_EVENT_NAMES, webhookEnvelopeSchema } from "@/lib/webhooks/payloads";
import { webhookHeadersSchema } from "@/lib/webhooks/signature";
import { errorBodySchema } from "./common-schemas";
import type { HttpMethod, Operation } from "./operation";

/*
 * The OpenAPI 3.1 document, generated from nothing but the operations' zod schemas (zod 4's native
 * z.toJSONSchema, JSON Schema draft 2020-12, which is OpenAPI 3.1's schema dialect).
 *
 * Each schema is converted on its own; zod puts every sub-schema that carries `.meta({ id })` into the
 * conversion's `$defs` and points at it with `#/$defs/<id>`. Those `$defs` are lifted into
 * `components/schemas` and every `$ref` is rewritten to `#/components/schemas/<id>`, so a record used by
 * several operations (Transaction, Error, ...) is described once. Requests are converted with
 * `io: "input"` (defaults make a field optional, coercion shows the wire type) and responses with
 * `io: "output"`; where the two views of one id differ, the input view is named `<id>Input`.
 *
 * The top-level `webhooks` describe what the app sends to a reseller's URL, from the schemas of
 * lib/webhooks/payloads and the header schema of lib/webhooks/signature that the sending code is typed by.
 *
 * Pure and deterministic: the same operations always give the same document.
 */

export type JsonSchema = { [key: string]: unknown };

export interface OpenApiReference {
  $ref: string;
}

export interface OpenApiHeader {
  description: string;
  schema: JsonSchema;
}

export interface OpenApiParameter {
  name: string;
  in: "query" | "path" | "header";
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

export interface OpenApiExample {
  summary?: string;
  value: unknown;
}

export interface OpenApiMediaType {
  schema: JsonSchema;
  examples?: Record<string, OpenApiExample>;
}

export interface OpenApiResponse {
  description: string;
  headers?: Record<string, OpenApiReference | OpenApiHeader>;
  content?: { "application/json": OpenApiMediaType };
  /** The error codes this response stands for (error responses only). */
  "x-error-codes"?: ErrorCode[];
}

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters?: OpenApiParameter[];
  requestBody?: { required: true; content: { "application/json": OpenApiMediaType } };
  responses: Record<string, OpenApiResponse>;
  security?: Array<Record<string, string[]>>;
  "x-rate-limit-category": RateCategory;
  "x-rate-limit-per-minute": number;
  /** On a reseller-API operation: the operationId of its /api/v2 original. */
  "x-reseller-twin-of"?: string;
  /** On a /api/v2 operation that has one: the path of its reseller-API twin. */
  "x-reseller-path"?: string;
}

/** One event the app POSTs to the reseller's webhook URL. */
export interface OpenApiWebhookOperation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  parameters: OpenApiParameter[];
  requestBody: { required: true; content: { "application/json": OpenApiMediaType } };
  responses: Record<string, { description: string }>;
}

export type OpenApiMethod = "get" | "post" | "put" | "delete";
export type OpenApiPathItem = Partial<Record<OpenApiMethod, OpenApiOperation>>;

export interface OpenApiSecurityScheme {
  type: "apiKey" | "http";
  description: string;
  in?: "header";
  name?: string;
  scheme?: "bearer";
  bearerFormat?: string;
}

export interface OpenApiDocument {
  openapi: "3.1.0";
  jsonSchemaDialect: string;
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string; description?: string }>;
  tags: Array<{ name: string }>;
  paths: Record<string, OpenApiPathItem>;
  /** Keyed by event name. */
  webhooks: Record<string, { post: OpenApiWebhookOperation }>;
  components: {
    schemas: Record<string, JsonSchema>;
    headers: Record<string, OpenApiHeader>;
    securitySchemes: Record<string, OpenApiSecurityScheme>;
  };
  "x-rate-limit-categories": Record<RateCategory, { limit_per_minute: number }>;
}

export interface BuildOpenApiOptions {
  /** The origin the paths hang off (they already carry their /api or /api/v2 prefix). */
  serverUrl?: string;
}

type Io = "input" | "output";

const SCHEMA_PREFIX = "#/components/schemas/";
const HEADER_PREFIX = "#/components/headers/";
const DEF_PREFIX = "#/$defs/";

export const API_KEY_SCHEME = "apiKey";
export const BEARER_SCHEME = "bearer";
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
  idempotency_conflict: "the same `Idempotency-Key` was used with a different body, or on an endpoint that sells other categories; `details.order_id` names the order it made",
  duplicate_reference: "the `reference` is already used by another order; `details.order_id` names it",
  order_closed: "the order is completed or failed, so its chat is read-only; `details.status` says which",
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
  service_unavailable: "the request passed its deadline (`REQUEST_DEADLINE`, 25 s by default) and nothing of it was kept; retry it, with the same `Idempotency-Key` for an order",
};

const CATEGORY_LABELS: Record<RateCategory, string> = {
  catalog_read: "catalog read",
  order_create: "order create",
  order_status: "order status",
  account_read: "account read",
  payment_write: "payment write",
  default: "everything else",
};

const IDEMPOTENCY_KEY_PARAMETER: OpenApiParameter = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description: "Your key for this request (1 to 255 characters, kept 24 hours): a retry with the same key and body answers the original with 200; a different body, 409 idempotency_conflict. A blank key is refused with 400; leave the header out to send none.",
  schema: { type: "string", minLength: 1, maxLength: 255 },
};

const SUCCESS_DESCRIPTIONS: Record<number, string> = { 200: "OK", 201: "Created", 202: "Accepted", 204: "No content" };

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
  out_of_stock: outOfStock(EXAMPLE_SKU, 2, 1),
  product_unavailable: productUnavailable(EXAMPLE_SKU),
  wrong_category: wrongCategory(EXAMPLE_SKU, "giftcard", "topup"),
};
// ---------------------------------------------------------------------------------------------------
// JSON Schema conversion and the components registry

function isObject(value: unknown): value is JsonSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A deep copy with every `$ref` passed through `rewrite` and every `$schema` dropped. */
function rewriteRefs(value: unknown, rewrite: (ref: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, rewrite));
  if (!isObject(value)) return value;
  const out: JsonSchema = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === "$schema") continue;
    out[key] = key === "$ref" && typeof inner === "string" ? rewrite(inner) : rewriteRefs(inner, rewrite);
  }
  return out;
}

/** The `$defs` names that `value` points at. */
function defRefs(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) defRefs(item, found);
  } else if (isObject(value)) {
    for (const [key, inner] of Object.entries(value)) {
      if (key === "$ref" && typeof inner === "string" && inner.startsWith(DEF_PREFIX)) found.add(inner.slice(DEF_PREFIX.length));
      else defRefs(inner, found);
    }
  }
  return found;
}

/** Object keys sorted, so that two renderings of the same schema compare equal as strings. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    isObject(inner) ? Object.fromEntries(Object.keys(inner).sort().map((k) => [k, inner[k]])) : inner,
  );
}

interface Conversion {
  owner: string;
  io: Io;
  root: JsonSchema;
  defs: Record<string, JsonSchema>;
}

/** Whether the root refers to itself (`$ref: "#"`: a recursive schema without an id). */
function selfRecursive(conversion: Conversion): boolean {
  return JSON.stringify(conversion.root).includes('"$ref":"#"');
}

/** One zod schema as draft 2020-12 JSON Schema, `$defs` still local. */
function convert(schema: z.ZodType, io: Io, owner: string): Conversion {
  const json = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" }) as JsonSchema;
  const { $defs, $schema: _dialect, ...root } = json;
  return { owner, io, root, defs: isObject($defs) ? ($defs as Record<string, JsonSchema>) : {} };
}

/**
 * Gathers the `$defs` of every conversion into one set of components. Anonymous defs (zod's
 * `__schemaN` for recursion) are named after their owner; ids shared by input and output keep the
 * id for the output view and take `<id>Input` for an input view that differs from it.
 */
class ComponentRegistry {
  private readonly conversions: Conversion[] = [];
  private names = new Map<Conversion, Map<string, string>>();
  private components: Record<string, JsonSchema> = {};

  add(schema: z.ZodType, io: Io, owner: string): Conversion {
    const conversion = convert(schema, io, owner);
    this.conversions.push(conversion);
    return conversion;
  }

  /** Names every def, builds the components; call once, after every add. */
  finish(): void {
    const isAnonymous = (name: string) => name.startsWith("__");
    const byIo = (io: Io) => this.conversions.filter((c) => c.io === io);

    // The raw view of each id per io; two different schemas under one id is a bug in the operations.
    const raw: Record<Io, Map<string, JsonSchema>> = { input: new Map(), output: new Map() };
    for (const conversion of this.conversions) {
      for (const [name, def] of Object.entries(conversion.defs)) {
        if (isAnonymous(name)) continue;
        const seen = raw[conversion.io].get(name);
        if (seen && canonical(seen) !== canonical(def)) {
          throw new Error(`OpenAPI: two different schemas carry the id "${name}" (${conversion.owner}).`);
        }
        raw[conversion.io].set(name, def);
      }
    }

    // Input views that differ from their output view, directly or through a def they point at.
    const suffixed = new Set<string>();
    for (const [name, def] of raw.input) {
      const output = raw.output.get(name);
      if (output && canonical(output) !== canonical(def)) suffixed.add(name);
    }
    for (let changed = true; changed; ) {
      changed = false;
      for (const [name, def] of raw.input) {
        if (suffixed.has(name) || !raw.output.has(name)) continue;
        if ([...defRefs(def)].some((ref) => suffixed.has(ref))) {
          suffixed.add(name);
          changed = true;
        }
      }
    }
    for (const conversion of [...byIo("output"), ...byIo("input")]) {
      const names = new Map<string, string>();
      let anonymous = 0;
      for (const name of Object.keys(conversion.defs)) {
        if (isAnonymous(name)) names.set(name, `${conversion.owner}_${anonymous++}`);
        else names.set(name, conversion.io === "input" && suffixed.has(name) ? `${name}Input` : name);
      }
      this.names.set(conversion, names);
      for (const [name, def] of Object.entries(conversion.defs)) {
        const target = names.get(name)!;
        const rewritten = this.rewrite(conversion, def);
        const existing = this.components[target];
        if (existing && canonical(existing) !== canonical(rewritten)) {
          throw new Error(`OpenAPI: component "${target}" has two different definitions (${conversion.owner}).`);
        }
        this.components[target] = rewritten;
      }
      if (selfRecursive(conversion)) {
        // A recursive schema without an id: the root itself becomes a component.
        this.components[conversion.owner] = this.rewrite(conversion, conversion.root);
      }
    }
  }

  private rewrite(conversion: Conversion, value: JsonSchema): JsonSchema {
    const names = this.names.get(conversion)!;
    return rewriteRefs(value, (ref) => {
      if (ref === "#") return SCHEMA_PREFIX + conversion.owner;
      if (ref.startsWith(DEF_PREFIX)) return SCHEMA_PREFIX + (names.get(ref.slice(DEF_PREFIX.length)) ?? ref.slice(DEF_PREFIX.length));
      return ref;
    }) as JsonSchema;
  }

  /** The converted schema, `$ref`s pointing into components (a bare `$ref` when it has an id). */
  schema(conversion: Conversion): JsonSchema {
    if (selfRecursive(conversion)) return { $ref: SCHEMA_PREFIX + conversion.owner };
    return this.rewrite(conversion, conversion.root);
  }

  /** A component's schema, for reading the properties of a query or params object. */
  resolve(schema: JsonSchema): JsonSchema {
    let current = schema;
    for (let depth = 0; depth < 16 && typeof current.$ref === "string" && current.$ref.startsWith(SCHEMA_PREFIX); depth++) {
      const next = this.components[current.$ref.slice(SCHEMA_PREFIX.length)];
      if (!next) break;
      current = next;
    }
    return current;
  }

  sortedComponents(): Record<string, JsonSchema> {
    return Object.fromEntries(Object.keys(this.components).sort().map((name) => [name, this.components[name]]));
  }
}

// ---------------------------------------------------------------------------------------------------
// Document pieces

function pathPlaceholders(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
}

function describeProperty(schema: JsonSchema): string | undefined {
  return typeof schema.description === "string" ? schema.description : undefined;
}

/** An object schema's properties as query or header parameters. */
function objectParameters(registry: ComponentRegistry, schema: JsonSchema | undefined, where: "query" | "header"): OpenApiParameter[] {
  if (!schema) return [];
  const object = registry.resolve(schema);
  const properties = isObject(object.properties) ? (object.properties as Record<string, JsonSchema>) : {};
  const required = new Set(Array.isArray(object.required) ? (object.required as string[]) : []);
  return Object.entries(properties).map(([name, property]) => {
    const description = describeProperty(property);
    return { name, in: where, required: required.has(name), ...(description ? { description } : {}), schema: property };
  });
}

function pathParameters(registry: ComponentRegistry, schema: JsonSchema | undefined, path: string): OpenApiParameter[] {
  const object = schema ? registry.resolve(schema) : {};
  const properties = isObject(object.properties) ? (object.properties as Record<string, JsonSchema>) : {};
  return pathPlaceholders(path).map((name) => {
    const property = properties[name] ?? { type: "string" };
    const description = describeProperty(property);
    return { name, in: "path" as const, required: true, ...(description ? { description } : {}), schema: property };
  });
}

function firstPropertyPath(registry: ComponentRegistry, schemas: Array<[string, JsonSchema | undefined]>): string {
  for (const [root, schema] of schemas) {
    if (!schema) continue;
    const properties = registry.resolve(schema).properties;
    const first = isObject(properties) ? Object.keys(properties)[0] : undefined;
    if (first) return root ? `${root}.${first}` : first;
  }
  return "field";
}

function errorExample(code: ErrorCode, operation: Operation, fieldPath: string): OpenApiExample {
  const refusal = EXAMPLE_REFUSALS[code];
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

function ref(prefix: string, name: string): OpenApiReference {
  return { $ref: prefix + name };
}

const RATE_LIMIT_HEADERS = ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"] as const;

function responseHeaders(operation: Operation, status: number): Record<string, OpenApiReference> {
  const headers: Record<string, OpenApiReference> = { "X-Request-Id": ref(HEADER_PREFIX, "X-Request-Id") };
  const limited = operation.auth === "reseller";
  if (limited) for (const name of RATE_LIMIT_HEADERS) headers[name] = ref(HEADER_PREFIX, name);
  if (status === 429) headers["Retry-After"] = ref(HEADER_PREFIX, "Retry-After");
  if (status === 401) headers["WWW-Authenticate"] = ref(HEADER_PREFIX, "WWW-Authenticate");
  return headers;
}

function errorResponses(operation: Operation, registry: ComponentRegistry, inputs: Array<[string, JsonSchema | undefined]>) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of operationErrorCodes(operation)) {
    const status = errorStatus[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const fieldPath = firstPropertyPath(registry, inputs);
  const responses: Record<string, OpenApiResponse> = {};
  for (const [status, codes] of byStatus) {
    responses[String(status)] = {
      description: codes.map((code) => `\`${code}\`: ${ERROR_CODE_NOTES[code]}`).join("; ") + ".",
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

function infoDescription(operations: Operation[]): string {
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

const WEBHOOK_RESPONSES = Object.fromEntries(Object.entries(WEBHOOK_ANSWERS).map(([status, description]) => [status, { description }]));

const METHODS: Record<HttpMethod, OpenApiMethod> = { GET: "get", POST: "post", PUT: "put", DELETE: "delete" };

// ---------------------------------------------------------------------------------------------------

/** The OpenAPI 3.1 document of `operations`. */
export function buildOpenApiDocument(operations: Operation[], options: BuildOpenApiOptions = {}): OpenApiDocument {
  const registry = new ComponentRegistry();
  const errorConversion = registry.add(errorBodySchema, "output", ERROR_SCHEMA_ID);
  const webhookHeaders = registry.add(webhookHeadersSchema, "output", "webhook_headers");
  const webhookBodies = WEBHOOK_EVENT_NAMES.map((event) => ({ event, body: registry.add(webhookEnvelopeSchema(event), "output", `webhook_${event}`) }));
  const converted = operations.map((operation) => ({
    operation,
    response: registry.add(operation.response, "output", `${operation.operationId}_response`),
    query: operation.query ? registry.add(operation.query, "input", `${operation.operationId}_query`) : undefined,
    params: operation.params ? registry.add(operation.params, "input", `${operation.operationId}_params`) : undefined,
    body: operation.body ? registry.add(operation.body, "input", `${operation.operationId}_body`) : undefined,
  }));
  registry.finish();
  if (registry.schema(errorConversion).$ref !== SCHEMA_PREFIX + ERROR_SCHEMA_ID) {
    throw new Error(`OpenAPI: the error body schema must carry .meta({ id: "${ERROR_SCHEMA_ID}" }).`);
  }

  const paths: Record<string, OpenApiPathItem> = {};
  const operationIds = new Set<string>();
  const place = (path: string, method: HttpMethod, operationObject: OpenApiOperation) => {
    if (operationIds.has(operationObject.operationId)) throw new Error(`OpenAPI: duplicate operationId ${operationObject.operationId}.`);
    operationIds.add(operationObject.operationId);
    const item = (paths[path] ??= {});
    const key = METHODS[method];
    if (item[key]) throw new Error(`OpenAPI: two operations for ${method} ${path}.`);
    item[key] = operationObject;
  };

  const twins: Array<[string, HttpMethod, OpenApiOperation]> = [];
  for (const { operation, response, query, params, body } of converted) {
    const querySchema = query && registry.schema(query);
    const paramsSchema = params && registry.schema(params);
    const bodySchema = body && registry.schema(body);
    const successStatus = operation.successStatus ?? 200;
    const inputs: Array<[string, JsonSchema | undefined]> = [
      ["", bodySchema],
      ["query", querySchema],
      ["path", paramsSchema],
    ];

    const build = (path: string, twin: boolean): OpenApiOperation => {
      const parameters = [
        ...pathParameters(registry, paramsSchema, path),
        ...objectParameters(registry, querySchema, "query"),
        ...(operation.idempotencyKey ? [IDEMPOTENCY_KEY_PARAMETER] : []),
      ];
      const v2 = `${operation.method} ${operation.path}`;
      const description = twin
        ? [`Reseller-API twin of \`${v2}\` (\`${operation.operationId}\`): same authentication, schemas, handler and records.`, operation.description]
        : [operation.description];
      const text = description.filter(Boolean).join("\n\n");
      return {
        operationId: twin ? `${operation.operationId}_reseller` : operation.operationId,
        summary: operation.summary,
        ...(text ? { description: text } : {}),
        tags: [operation.tag],
        ...(parameters.length > 0 ? { parameters } : {}),
        ...(bodySchema ? { requestBody: { required: true as const, content: { "application/json": { schema: bodySchema } } } } : {}),
        responses: {
          [String(successStatus)]: {
            description: SUCCESS_DESCRIPTIONS[successStatus] ?? "Success",
            headers: responseHeaders(operation, successStatus),
            content: { "application/json": { schema: registry.schema(response) } },
          },
          ...(operation.idempotencyKey
            ? {
                "200": {
                  description: "A repeat under the same Idempotency-Key and body: the original, unchanged, and nothing charged again.",
                  headers: { ...responseHeaders(operation, 200), "Idempotent-Replayed": ref(HEADER_PREFIX, "Idempotent-Replayed") },
                  content: { "application/json": { schema: registry.schema(response) } },
                },
              }
            : {}),
          ...errorResponses(operation, registry, inputs),
        },
        ...(operation.auth === "reseller" ? { security: [{ [API_KEY_SCHEME]: [] }, { [BEARER_SCHEME]: [] }] } : {}),
        "x-rate-limit-category": operation.category,
        "x-rate-limit-per-minute": RATE_CATEGORIES[operation.category].limit,
        ...(twin ? { "x-reseller-twin-of": operation.operationId } : {}),
        ...(!twin && operation.resellerPath ? { "x-reseller-path": operation.resellerPath } : {}),
      };
    };

    place(operation.path, operation.method, build(operation.path, false));
    if (operation.resellerPath) twins.push([operation.resellerPath, operation.method, build(operation.resellerPath, true)]);
  }
  for (const [path, method, operationObject] of twins) place(path, method, operationObject);

  const webhookParameters = objectParameters(registry, registry.schema(webhookHeaders), "header");
  const webhooks = Object.fromEntries(
    webhookBodies.map(({ event, body }) => [
      event,
      {
        post: {
          operationId: `webhook_${event.replace(/\W/g, "_")}`,
          summary: WEBHOOK_EVENTS[event].summary,
          description: [WEBHOOK_EVENTS[event].when, ...WEBHOOK_DELIVERY_NOTES].join("\n\n"),
          tags: ["Webhooks"],
          parameters: webhookParameters,
          requestBody: { required: true as const, content: { "application/json": { schema: registry.schema(body) } } },
          responses: WEBHOOK_RESPONSES,
        },
      },
    ]),
  );

  const tags: string[] = [];
  for (const operation of operations) if (!tags.includes(operation.tag)) tags.push(operation.tag);

  const integer = (description: string): OpenApiHeader => ({ description, schema: { type: "integer", minimum: 0 } });

  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://spec.openapis.org/oas/3.1/dialect/base",
    info: { title: "Reseller API", version: "2.0.0", description: infoDescription(operations) },
    servers: [{ url: options.serverUrl ?? "/", description: "This deployment; paths carry their /api/v2 or /api prefix." }],
    tags: tags.map((name) => ({ name })),
    paths,
    webhooks,
    components: {
      schemas: registry.sortedComponents(),
      headers: {
        "X-Request-Id": { description: "The request's id; quote it when reporting a problem.", schema: { type: "string" } },
        "X-RateLimit-Limit": integer("Requests per minute in the operation's rate-limit category. Absent while the rate-limit store is unreachable (calls are admitted uncounted then)."),
        "X-RateLimit-Remaining": integer("Requests left in the current window of that category. Absent, never a guess, while the rate-limit store is unreachable."),
        "X-RateLimit-Reset": integer("Seconds until a request of that category is certain to be admitted. Absent while the rate-limit store is unreachable."),
        "Retry-After": { description: "Whole seconds (at least 1) to wait before retrying.", schema: { type: "integer", minimum: 1 } },
        "WWW-Authenticate": { description: 'The scheme a key is taken in besides X-API-Key: `Bearer realm="api"`.', schema: { type: "string", enum: ['Bearer realm="api"'] } },
        "Idempotent-Replayed": { description: "`true` when the answer replays the original response to the same Idempotency-Key.", schema: { type: "string", enum: ["true"] } },
      },
      securitySchemes: {
        [API_KEY_SCHEME]: {
          type: "apiKey",
          in: "header",
          name: "X-API-Key",
          description: "An API key created in the panel: `rk_live_` followed by at least 32 base62 characters.",
        },
        [BEARER_SCHEME]: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "rk_live_…",
          description: "The same API key as `Authorization: Bearer <key>`.",
        },
      },
    },
    "x-rate-limit-categories": Object.fromEntries(
      (Object.keys(RATE_CATEGORIES) as RateCategory[]).map((category) => [category, { limit_per_minute: RATE_CATEGORIES[category].limit }]),
    ) as Record<RateCategory, { limit_per_minute: number }>,
  };
}
