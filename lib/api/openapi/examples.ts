import { isObject, SCHEMA_PREFIX } from "./json-schema";
import type { JsonSchema, OpenApiDocument, OpenApiMethod, OpenApiOperation } from "./types";

/*
 * Example values read off the document's schemas: a schema's own `example` first, then what its
 * keywords allow (const, the first enum value, the lower bound). /docs, its code samples and the
 * Postman collection all show these, so an example never drifts from the schema it illustrates. No
 * server import: /docs runs these in the browser too.
 */

const FORMAT_EXAMPLES: Record<string, string> = {
  "date-time": "2026-11-20T12:00:00Z",
  date: "2026-11-20",
  uri: "https://shop.example/webhooks/reseller",
  email: "reseller@shop.example",
  uuid: "6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b",
};

/** Nested objects deeper than this are shown as `{}`: recursion (an order's chat in a chat) ends there. */
const MAX_DEPTH = 8;

function resolve(document: OpenApiDocument, schema: JsonSchema, seen: string[]): { schema: JsonSchema; seen: string[] } | undefined {
  let current = schema;
  let path = seen;
  while (typeof current.$ref === "string" && current.$ref.startsWith(SCHEMA_PREFIX)) {
    const name = current.$ref.slice(SCHEMA_PREFIX.length);
    const next = document.components.schemas[name];
    if (!next || path.includes(name)) return undefined;
    path = [...path, name];
    current = next;
  }
  return { schema: current, seen: path };
}

function firstType(schema: JsonSchema): string | undefined {
  if (typeof schema.type === "string") return schema.type;
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== "null") as string | undefined;
  return undefined;
}

function isScalar(value: unknown): boolean {
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean";
}

/**
 * An example of `schema`. `complete` fills every property (an answer shows all it carries); without it an
 * object gets its required properties and the optional ones with a plain value (a request shows what to
 * send: `quantity` and `reference`, not an empty `fields`).
 */
export function exampleOf(document: OpenApiDocument, schema: JsonSchema, complete: boolean, seen: string[] = []): unknown {
  const resolved = resolve(document, schema, seen);
  if (!resolved || resolved.seen.length > MAX_DEPTH) return {};
  const own = resolved.schema;
  if (own.example !== undefined) return own.example;
  if (Array.isArray(own.examples) && own.examples.length > 0) return own.examples[0];
  if (own.const !== undefined) return own.const;
  if (Array.isArray(own.enum) && own.enum.length > 0) return own.enum[0];
  const choices = (own.anyOf ?? own.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(choices)) {
    const choice = choices.find((option) => isObject(option) && option.type !== "null") ?? choices[0];
    return exampleOf(document, choice, complete, resolved.seen);
  }
  if (Array.isArray(own.allOf) && own.allOf.length > 0) return exampleOf(document, own.allOf[0] as JsonSchema, complete, resolved.seen);
  switch (firstType(own)) {
    case "object": {
      const properties = isObject(own.properties) ? (own.properties as Record<string, JsonSchema>) : {};
      const required = new Set(Array.isArray(own.required) ? (own.required as string[]) : []);
      const out: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(properties)) {
        const value = exampleOf(document, property, complete, resolved.seen);
        if (complete || required.has(name) || isScalar(value)) out[name] = value;
      }
      return out;
    }
    case "array":
      return isObject(own.items) ? [exampleOf(document, own.items, complete, resolved.seen)] : [];
    case "integer":
    case "number": {
      const minimum = typeof own.minimum === "number" && Math.abs(own.minimum) < 1e9 ? own.minimum : undefined;
      return minimum !== undefined && minimum > 1 ? minimum : 1;
    }
    case "boolean":
      return true;
    case "null":
      return null;
    case "string":
      return typeof own.format === "string" && FORMAT_EXAMPLES[own.format] ? FORMAT_EXAMPLES[own.format] : "string";
    default:
      return {};
  }
}

/** What one call of an operation sends, by example: path and query values, the Idempotency-Key, the body. */
export interface RequestExample {
  method: OpenApiMethod;
  /** The path with its placeholders filled in. */
  path: string;
  pathValues: Record<string, string>;
  /** The required query parameters: an optional filter is the caller's choice. */
  query: Record<string, string>;
  idempotencyKey: boolean;
  body?: unknown;
  authenticated: boolean;
}

function asText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

export function requestExample(document: OpenApiDocument, path: string, method: OpenApiMethod, operation: OpenApiOperation): RequestExample {
  const pathValues: Record<string, string> = {};
  const query: Record<string, string> = {};
  let idempotencyKey = false;
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in === "path") pathValues[parameter.name] = asText(exampleOf(document, parameter.schema, false));
    else if (parameter.in === "query" && parameter.required) {
      query[parameter.name] = asText(exampleOf(document, parameter.schema, false));
    } else if (parameter.in === "header" && parameter.name === "Idempotency-Key") idempotencyKey = true;
  }
  const bodySchema = operation.requestBody?.content["application/json"].schema;
  return {
    method,
    path: path.replace(/\{([^}]+)\}/g, (_match, name: string) => encodeURIComponent(pathValues[name] ?? name)),
    pathValues,
    query,
    idempotencyKey,
    ...(bodySchema ? { body: exampleOf(document, bodySchema, false) } : {}),
    authenticated: operation.security.length > 0,
  };
}

/** The operation's success answer by example: status and body. */
export function responseExample(document: OpenApiDocument, operation: OpenApiOperation): { status: number; description: string; body: unknown } | undefined {
  const success = Object.entries(operation.responses)
    .filter(([status]) => Number(status) < 300)
    .sort(([a], [b]) => Number(b) - Number(a))[0];
  if (!success) return undefined;
  const [status, response] = success;
  const schema = response.content?.["application/json"].schema;
  return { status: Number(status), description: response.description, body: schema ? exampleOf(document, schema, true) : undefined };
}
