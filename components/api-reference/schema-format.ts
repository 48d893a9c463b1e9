import type { JsonSchema, OpenApiDocument } from "@/lib/api/openapi/types";

const SCHEMA_PREFIX = "#/components/schemas/";

function isObject(value: unknown): value is JsonSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The component a `$ref` names, or undefined. */
export function refName(schema: JsonSchema | undefined): string | undefined {
  const ref = schema?.$ref;
  return typeof ref === "string" && ref.startsWith(SCHEMA_PREFIX) ? ref.slice(SCHEMA_PREFIX.length) : undefined;
}

/**
 * A schema made readable: component `$ref`s inlined (a recursive one stays a `$ref`), and the long
 * regular expression dropped where a `format` already says the same (date-time and friends).
 */
export function compactSchema(document: OpenApiDocument, schema: unknown, seen: string[] = []): unknown {
  if (Array.isArray(schema)) return schema.map((item) => compactSchema(document, item, seen));
  if (!isObject(schema)) return schema;
  const name = refName(schema);
  if (name && document.components.schemas[name] && !seen.includes(name)) {
    return compactSchema(document, document.components.schemas[name], [...seen, name]);
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "pattern" && typeof schema.format === "string") continue;
    out[key] = compactSchema(document, value, seen);
  }
  return out;
}

export function prettySchema(document: OpenApiDocument, schema: JsonSchema): string {
  return JSON.stringify(compactSchema(document, schema), null, 2);
}

/** A one-line summary of a parameter's schema: type, bounds, enum, default. */
export function schemaSummary(schema: JsonSchema): string {
  const parts: string[] = [];
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : typeof schema.type === "string" ? schema.type : "any";
  parts.push(typeof schema.format === "string" ? `${type} (${schema.format})` : type);
  if (Array.isArray(schema.enum)) parts.push(`one of ${schema.enum.map((v) => JSON.stringify(v)).join(", ")}`);
  const min = schema.minimum ?? schema.minLength;
  const max = schema.maximum ?? schema.maxLength;
  const unit = schema.minLength !== undefined || schema.maxLength !== undefined ? " chars" : "";
  if (min !== undefined && max !== undefined) parts.push(`${String(min)}..${String(max)}${unit}`);
  else if (min !== undefined) parts.push(`>= ${String(min)}${unit}`);
  else if (max !== undefined) parts.push(`<= ${String(max)}${unit}`);
  if (typeof schema.pattern === "string" && typeof schema.format !== "string") parts.push(`pattern ${schema.pattern}`);
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  return parts.join(", ");
}
