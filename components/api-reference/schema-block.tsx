import type { JsonSchema, OpenApiDocument } from "@/lib/api/openapi/types";
import { prettySchema, refName } from "./schema-format";

/** A schema as pretty-printed JSON Schema, its component named and linked. */
export function SchemaBlock({ document, schema, title }: { document: OpenApiDocument; schema: JsonSchema; title: string }) {
  const name = refName(schema);
  return (
    <div className="min-w-0">
      <p className="mb-1 text-sm font-medium text-zinc-700 dark:text-zinc-300">
        {title}
        {name ? (
          <>
            {" "}
            <a href={`#schema-${name}`} className="font-mono text-sky-700 underline-offset-2 hover:underline dark:text-sky-400">
              {name}
            </a>
          </>
        ) : null}
      </p>
      <pre
        tabIndex={0}
        aria-label={`${title}${name ? ` ${name}` : ""}`}
        className="max-h-96 overflow-x-auto overflow-y-auto rounded-md bg-zinc-950 p-3 font-mono text-xs leading-relaxed text-zinc-100"
      >
        {prettySchema(document, schema)}
      </pre>
    </div>
  );
}
