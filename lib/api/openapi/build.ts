import { RATE_CATEGORIES, type RateCategory } from "@/lib/ratelimit/categories";
import { WEBHOOK_ANSWERS, WEBHOOK_DELIVERY_NOTES, WEBHOOK_EVENTS, WEBHOOK_EVENT_NAMES, webhookEnvelopeSchema } from "@/lib/webhooks/payloads";
import { webhookHeadersSchema } from "@/lib/webhooks/signature";
import { errorBodySchema } from "../common-schemas";
import type { HttpMethod, Operation } from "../operation";
import { ERROR_SCHEMA_ID, errorResponses } from "./errors";
import { HEADER_PREFIX, ref, responseHeaders } from "./headers";
import { infoDescription } from "./info";
import { IDEMPOTENCY_KEY_PARAMETER, IF_NONE_MATCH_PARAMETER, objectParameters, pathParameters } from "./parameters";
import { ComponentRegistry, SCHEMA_PREFIX } from "./schema-conversion";
import type { BuildOpenApiOptions, JsonSchema, OpenApiDocument, OpenApiHeader, OpenApiMethod, OpenApiOperation, OpenApiPathItem } from "./types";

/*
 * The OpenAPI 3.1 document, generated from nothing but the operations' zod schemas (zod 4's native
 * z.toJSONSchema, JSON Schema draft 2020-12, which is OpenAPI 3.1's schema dialect); ./schema-conversion
 * says how the schemas become components.
 *
 * The top-level `webhooks` describe what the app sends to a reseller's URL, from the schemas of
 * lib/webhooks/payloads and the header schema of lib/webhooks/signature that the sending code is typed by.
 *
 * Pure and deterministic: the same operations always give the same document.
 */

export const API_KEY_SCHEME = "apiKey";
export const BEARER_SCHEME = "bearer";

const SUCCESS_DESCRIPTIONS: Record<number, string> = { 200: "OK", 201: "Created", 202: "Accepted", 204: "No content" };

const WEBHOOK_RESPONSES = Object.fromEntries(Object.entries(WEBHOOK_ANSWERS).map(([status, description]) => [status, { description }]));

/** What each tag groups, for tools that show tags as sections (Postman folders, Redoc, Swagger UI). */
const TAG_DESCRIPTIONS: Record<string, string> = {
  Account: "The reseller's own account: profile, balance and its ledger of transactions.",
  Payments: "Topping up the balance with USDT (TRC20): a payment to send, and its status.",
  Subscription: "The reseller's subscription tier: reading it, renewing, upgrading and auto-renewal.",
  Catalog: "What can be bought: products, SKUs and their wholesale prices.",
  Orders: "Buying: gift cards, game keys and top-ups, and reading orders back with their codes.",
  "Order chat": "The chat of a manual order with its supplier: reading it and writing to it.",
  Webhooks: "Where the app sends events about orders and payments, and the events themselves.",
};

/** The one server: the deployment's own origin, as the client reached it, so tools that import the document call it. */
export function openApiServers(serverUrl: string): OpenApiDocument["servers"] {
  return [{ url: serverUrl, description: "This deployment; paths carry their /api/v2 or /api prefix." }];
}

const METHODS: Record<HttpMethod, OpenApiMethod> = { GET: "get", POST: "post", PUT: "put", DELETE: "delete" };

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
    body: operation.body ? registry.add(operation.body, "input", `${operation.operationId}_body`, { requestBody: true }) : undefined,
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
        ...(operation.etag ? [IF_NONE_MATCH_PARAMETER] : []),
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
          ...(operation.etag
            ? { "304": { description: "Not Modified: the answer is the one `If-None-Match` names; no body.", headers: responseHeaders(operation, 304) } }
            : {}),
          ...errorResponses(operation, registry, inputs),
        },
        security: operation.auth === "reseller" ? [{ [API_KEY_SCHEME]: [] }, { [BEARER_SCHEME]: [] }] : [],
        ...(operation.scope ? { "x-required-scope": operation.scope } : {}),
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
          // The app calls the reseller's URL: no API key; the signature headers authenticate the sender.
          security: [] as [],
          parameters: webhookParameters,
          requestBody: { required: true as const, content: { "application/json": { schema: registry.schema(body) } } },
          responses: WEBHOOK_RESPONSES,
        },
      },
    ]),
  );

  const tags: string[] = [];
  for (const operation of operations) if (!tags.includes(operation.tag)) tags.push(operation.tag);

  const integer = (description: string): OpenApiHeader => ({ description, required: false, schema: { type: "integer", minimum: 0 } });

  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://spec.openapis.org/oas/3.1/dialect/base",
    info: {
      title: "Reseller API",
      version: "2.0.0",
      description: infoDescription(operations),
      // SPDX has no id for "all rights reserved"; LicenseRef- is its form for a licence of one's own.
      license: { name: "Proprietary: for resellers with an account on this panel", identifier: "LicenseRef-Proprietary" },
    },
    servers: openApiServers(options.serverUrl ?? "/"),
    tags: tags.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? `The ${name} operations.` })),
    paths,
    webhooks,
    components: {
      schemas: registry.sortedComponents(),
      headers: {
        "X-Request-Id": { description: "The request's id; quote it when reporting a problem. On every answer.", required: true, schema: { type: "string" } },
        "X-RateLimit-Limit": integer(
          "Requests per minute in the operation's rate-limit category. Absent while the rate-limit store is unreachable (calls are admitted uncounted then).",
        ),
        "X-RateLimit-Remaining": integer(
          "Requests left in the current window of that category. Absent, never a guess, while the rate-limit store is unreachable.",
        ),
        "X-RateLimit-Reset": integer("Seconds until a request of that category is certain to be admitted. Absent while the rate-limit store is unreachable."),
        "Retry-After": { description: "Whole seconds (at least 1) to wait before retrying.", required: true, schema: { type: "integer", minimum: 1 } },
        "WWW-Authenticate": {
          description: 'The scheme a key is taken in besides X-API-Key: `Bearer realm="api"`.',
          required: true,
          schema: { type: "string", enum: ['Bearer realm="api"'] },
        },
        ETag: {
          description: "A weak validator of this answer as this caller sees it (prices follow the tariff): send it back as `If-None-Match`.",
          required: true,
          schema: { type: "string" },
        },
        "X-Next-Updated-Since": {
          description: "The time to pass as `updated_since` on your next sync (a minute before this read, so nothing committed meanwhile is missed).",
          required: true,
          schema: { type: "string", format: "date-time" },
        },
        "Idempotent-Replayed": {
          description: "`true` when the answer replays the original response to the same Idempotency-Key.",
          required: true,
          schema: { type: "string", enum: ["true"] },
        },
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
