import { z } from "zod";
import { isObject, SCHEMA_PREFIX } from "./json-schema";
import type { JsonSchema } from "./types";

export { isObject, SCHEMA_PREFIX };

/*
 * Each schema is converted on its own; zod puts every sub-schema that carries `.meta({ id })` into the
 * conversion's `$defs` and points at it with `#/$defs/<id>`. Those `$defs` are lifted into
 * `components/schemas` and every `$ref` is rewritten to `#/components/schemas/<id>`, so a record used by
 * several operations (Transaction, Error, ...) is described once. Requests are converted with
 * `io: "input"` (defaults make a field optional, coercion shows the wire type) and responses with
 * `io: "output"`; where the two views of one id differ, the input view is named `<id>Input`.
 *
 * A request body's schema carries no `default` keyword: client generators (openapi-typescript 7 among
 * them) read a property with a default as one the server always fills, and make it required in the
 * request type, so `{ "sku": ... }` would not type-check. The default moves into the description
 * instead. Query parameters keep theirs, which those generators leave optional.
 */

type Io = "input" | "output";

const DEF_PREFIX = "#/$defs/";

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
    isObject(inner)
      ? Object.fromEntries(
          Object.keys(inner)
            .sort()
            .map((k) => [k, inner[k]]),
        )
      : inner,
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

const SUBSCHEMA_LISTS = ["anyOf", "oneOf", "allOf", "prefixItems"];
const SUBSCHEMA_MAPS = ["properties", "patternProperties", "$defs"];
const SUBSCHEMAS = ["items", "additionalProperties", "not", "contains"];

/** The schema with every `default` keyword dropped and said in its description (a property named "default" stays). */
export function withoutDefaults(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "default") continue;
    if (SUBSCHEMA_LISTS.includes(key) && Array.isArray(value)) out[key] = value.map((item) => (isObject(item) ? withoutDefaults(item) : item));
    else if (SUBSCHEMA_MAPS.includes(key) && isObject(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, isObject(inner) ? withoutDefaults(inner) : inner]));
    } else if (SUBSCHEMAS.includes(key) && isObject(value)) out[key] = withoutDefaults(value);
    else out[key] = value;
  }
  if ("default" in schema) {
    const said = `Defaults to \`${JSON.stringify(schema.default)}\` when left out.`;
    out.description = typeof schema.description === "string" ? `${schema.description} ${said}` : said;
  }
  return out;
}

/** One zod schema as draft 2020-12 JSON Schema, `$defs` still local. */
function convert(schema: z.ZodType, io: Io, owner: string, requestBody: boolean): Conversion {
  const converted = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" }) as JsonSchema;
  const json = requestBody ? withoutDefaults(converted) : converted;
  const { $defs, $schema: _dialect, ...root } = json;
  return { owner, io, root, defs: isObject($defs) ? ($defs as Record<string, JsonSchema>) : {} };
}

/**
 * Gathers the `$defs` of every conversion into one set of components. Anonymous defs (zod's
 * `__schemaN` for recursion) are named after their owner; ids shared by input and output keep the
 * id for the output view and take `<id>Input` for an input view that differs from it.
 */
export class ComponentRegistry {
  private readonly conversions: Conversion[] = [];
  private names = new Map<Conversion, Map<string, string>>();
  private components: Record<string, JsonSchema> = {};

  /** `requestBody`: the schema of a request's body, converted without defaults (see above). */
  add(schema: z.ZodType, io: Io, owner: string, { requestBody = false }: { requestBody?: boolean } = {}): Conversion {
    const conversion = convert(schema, io, owner, requestBody);
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
    for (let changed = true; changed;) {
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
    return Object.fromEntries(
      Object.keys(this.components)
        .sort()
        .map((name) => [name, this.components[name]]),
    );
  }
}
