import type { JsonSchema } from "./types";

/** Where the document's components live; a `$ref` into them starts so. */
export const SCHEMA_PREFIX = "#/components/schemas/";

export function isObject(value: unknown): value is JsonSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
