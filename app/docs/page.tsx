import type { Metadata } from "next";
import { OperationSection, operationAnchor, type OperationEntry } from "@/components/api-reference/operation-section";
import { ReferenceIntro } from "@/components/api-reference/reference-intro";
import { compactSchema } from "@/components/api-reference/schema-format";
import { WebhooksSection, webhookAnchor } from "@/components/api-reference/webhooks-section";
import { buildOpenApiDocument } from "@/lib/api/openapi/build";
import type { OpenApiMethod, OpenApiOperation } from "@/lib/api/openapi/types";
import { operations } from "@/lib/api/operations";

export const metadata: Metadata = { title: "API reference" };

const METHODS: OpenApiMethod[] = ["get", "post", "put", "delete"];

// GET /docs - the API reference, rendered from the same OpenAPI document /api/v2/openapi.json serves.
// Public: no session needed.
export default function ApiReferencePage() {
  const document = buildOpenApiDocument(operations);

  const all: Array<{ path: string; method: OpenApiMethod; operation: OpenApiOperation }> = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation) all.push({ path, method, operation });
    }
  }
  const entries: OperationEntry[] = all
    .filter(({ operation }) => !operation["x-reseller-twin-of"])
    .map((entry) => {
      const resellerPath = entry.operation["x-reseller-path"];
      const twin = resellerPath ? document.paths[resellerPath]?.[entry.method] : undefined;
      return { ...entry, twin: resellerPath && twin ? { path: resellerPath, operation: twin } : undefined };
    });
  const byTag = document.tags.map((tag) => ({ tag: tag.name, entries: entries.filter((entry) => entry.operation.tags.includes(tag.name)) }));

  return (
    <main className="mx-auto w-full max-w-5xl space-y-10 px-4 py-8 sm:px-6 lg:px-8">
      <header className="space-y-3">
        <h1 className="text-2xl font-bold text-zinc-900 sm:text-3xl dark:text-zinc-50">{document.info.title} reference</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Version {document.info.version}. Machine-readable:{" "}
          <a href="/api/v2/openapi.json" className="font-mono text-sky-700 underline underline-offset-2 dark:text-sky-400">
            /api/v2/openapi.json
          </a>{" "}
          (OpenAPI 3.1).
        </p>
        {/* py-0.5 makes each link 24 px tall, WCAG 2.2's least target size: the wrapped rows have no gap between them. */}
        <nav aria-label="Operations" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {byTag.map(({ tag, entries: tagged }) => (
            <span key={tag} className="flex flex-wrap items-center gap-x-2">
              <a href={`#tag-${tag}`} className="py-0.5 font-medium text-zinc-900 hover:underline dark:text-zinc-100">
                {tag}:
              </a>
              {tagged.map(({ operation }) => (
                <a
                  key={operation.operationId}
                  href={`#${operationAnchor(operation.operationId)}`}
                  className="py-0.5 text-sky-700 underline-offset-2 hover:underline dark:text-sky-400"
                >
                  {operation.operationId}
                </a>
              ))}
            </span>
          ))}
          <span className="flex flex-wrap items-center gap-x-2">
            <a href="#webhooks" className="py-0.5 font-medium text-zinc-900 hover:underline dark:text-zinc-100">
              Webhook events:
            </a>
            {Object.keys(document.webhooks).map((event) => (
              <a key={event} href={`#${webhookAnchor(event)}`} className="py-0.5 text-sky-700 underline-offset-2 hover:underline dark:text-sky-400">
                {event}
              </a>
            ))}
          </span>
        </nav>
      </header>

      <ReferenceIntro document={document} operations={entries.map((entry) => entry.operation)} />

      {byTag.map(({ tag, entries: tagged }) => (
        <section key={tag} id={`tag-${tag}`} className="scroll-mt-4 space-y-4">
          <h2 className="text-xl font-semibold text-zinc-900 dark:text-zinc-50">{tag}</h2>
          {tagged.map((entry) => (
            <OperationSection key={entry.operation.operationId} document={document} entry={entry} />
          ))}
        </section>
      ))}

      <WebhooksSection document={document} />

      <section className="space-y-4">
        <h2 className="text-xl font-semibold text-zinc-900 dark:text-zinc-50">Schemas</h2>
        {Object.entries(document.components.schemas).map(([name, schema]) => (
          <div key={name} id={`schema-${name}`} className="scroll-mt-4 min-w-0">
            <h3 className="mb-1 font-mono text-sm font-semibold text-zinc-900 dark:text-zinc-100">{name}</h3>
            <pre
              tabIndex={0}
              aria-label={`Schema ${name}`}
              className="overflow-x-auto rounded-md bg-zinc-950 p-3 font-mono text-xs leading-relaxed text-zinc-100"
            >
              {JSON.stringify(compactSchema(document, schema, [name]), null, 2)}
            </pre>
          </div>
        ))}
      </section>
    </main>
  );
}
