import { isObject, type ComponentRegistry } from "./schema-conversion";
import type { JsonSchema, OpenApiParameter } from "./types";

export const IDEMPOTENCY_KEY_PARAMETER: OpenApiParameter = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "Your key for this request (1 to 255 characters, kept 24 hours): a retry with the same key and body answers the original with 200; a different body, 409 idempotency_conflict. A blank key is refused with 400; leave the header out to send none.",
  schema: { type: "string", minLength: 1, maxLength: 255 },
};

export const IF_NONE_MATCH_PARAMETER: OpenApiParameter = {
  name: "If-None-Match",
  in: "header",
  required: false,
  description:
    "The `ETag` of your last copy (or a list of them, or `*`): when the answer would be the same, it is `304 Not Modified` with no body, and costs nothing to read.",
  schema: { type: "string" },
};

function pathPlaceholders(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
}

function describeProperty(schema: JsonSchema): string | undefined {
  return typeof schema.description === "string" ? schema.description : undefined;
}

/** An object schema's properties as query or header parameters. */
export function objectParameters(registry: ComponentRegistry, schema: JsonSchema | undefined, where: "query" | "header"): OpenApiParameter[] {
  if (!schema) return [];
  const object = registry.resolve(schema);
  const properties = isObject(object.properties) ? (object.properties as Record<string, JsonSchema>) : {};
  const required = new Set(Array.isArray(object.required) ? (object.required as string[]) : []);
  return Object.entries(properties).map(([name, property]) => {
    const description = describeProperty(property);
    return { name, in: where, required: required.has(name), ...(description ? { description } : {}), schema: property };
  });
}

export function pathParameters(registry: ComponentRegistry, schema: JsonSchema | undefined, path: string): OpenApiParameter[] {
  const object = schema ? registry.resolve(schema) : {};
  const properties = isObject(object.properties) ? (object.properties as Record<string, JsonSchema>) : {};
  return pathPlaceholders(path).map((name) => {
    const property = properties[name] ?? { type: "string" };
    const description = describeProperty(property);
    return { name, in: "path" as const, required: true, ...(description ? { description } : {}), schema: property };
  });
}

export function firstPropertyPath(registry: ComponentRegistry, schemas: Array<[string, JsonSchema | undefined]>): string {
  for (const [root, schema] of schemas) {
    if (!schema) continue;
    const properties = registry.resolve(schema).properties;
    const first = isObject(properties) ? Object.keys(properties)[0] : undefined;
    if (first) return root ? `${root}.${first}` : first;
  }
  return "field";
}
