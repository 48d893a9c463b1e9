import type { JsonSchema } from "@/lib/api/openapi/types";

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
 * A schema made readable: a component `$ref` shown as the component's name (each is shown once, in the
 * Schemas section), and the long regular expression dropped where a `format` already says the same
 * (date-time and friends).
 */
export function compactSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map((item) => compactSchema(item));
  if (!isObject(schema)) return schema;
  const name = refName(schema);
  if (name) return { $ref: name };
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "pattern" && typeof schema.format === "string") continue;
    out[key] = compactSchema(value);
  }
  return out;
}

export function prettySchema(schema: JsonSchema): string {
  return JSON.stringify(compactSchema(schema), null, 2);
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
