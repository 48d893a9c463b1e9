import { operationAnchor } from "./anchors";
import { SampleLanguagePicker, SampleLanguageProvider } from "./code-samples";
import { LazyDetails } from "./lazy-details";
import { OperationSection } from "./operation-section";
import { operationView, type OperationEntry } from "./operation-view";
import { ReferenceIntro } from "./reference-intro";
import { WebhooksSection, webhookAnchor } from "./webhooks-section";
import type { OpenApiDocument, OpenApiMethod, OpenApiOperation } from "@/lib/api/openapi/types";

const METHODS: OpenApiMethod[] = ["get", "post", "put", "delete"];

/** The API reference: every operation with an example call and answer, the webhook events, the schemas (collapsed). */
export function ApiReference({ document }: { document: OpenApiDocument }) {
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
    <main className="ref-main mx-auto w-full max-w-5xl space-y-10 px-4 py-8 sm:px-6 lg:px-8">
      <header className="space-y-3">
        <h1 className="text-2xl font-bold text-zinc-900 sm:text-3xl dark:text-zinc-50">{document.info.title} reference</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Version {document.info.version}. Machine-readable:{" "}
          <a href="/api/v2/openapi.json" className="font-mono text-sky-700 underline underline-offset-2 dark:text-sky-400">
            /api/v2/openapi.json
          </a>{" "}
          (OpenAPI 3.1) and{" "}
          <a href="/api/v2/postman.json" className="font-mono text-sky-700 underline underline-offset-2 dark:text-sky-400">
            /api/v2/postman.json
          </a>{" "}
          (a Postman collection: import it, set <code className="font-mono">apiKey</code>). What changed:{" "}
          <a href="/docs/api-changelog" className="text-sky-700 underline underline-offset-2 dark:text-sky-400">
            API changelog
          </a>
          .
        </p>
        <nav aria-label="Operations" className="ref-nav">
          {byTag.map(({ tag, entries: tagged }) => (
            <span key={tag}>
              <a href={`#tag-${tag}`} className="ref-nav-tag">
                {tag}:
              </a>
              {tagged.map(({ operation }) => (
                <a key={operation.operationId} href={`#${operationAnchor(operation.operationId)}`}>
                  {operation.operationId}
                </a>
              ))}
            </span>
          ))}
          <span>
            <a href="#webhooks" className="ref-nav-tag">
              Webhook events:
            </a>
            {Object.keys(document.webhooks).map((event) => (
              <a key={event} href={`#${webhookAnchor(event)}`}>
                {event}
              </a>
            ))}
          </span>
        </nav>
      </header>

      <ReferenceIntro document={document} operations={entries.map((entry) => entry.operation)} />

      <SampleLanguageProvider>
        <div className="space-y-10">
          <SampleLanguagePicker />
          <noscript>
            <p className="ref-p">
              The example requests open with JavaScript; without it, every operation&apos;s curl example is at{" "}
              <a href="/docs/curl" className="ref-link">
                /docs/curl
              </a>
              .
            </p>
          </noscript>
          {byTag.map(({ tag, entries: tagged }) => (
            <section key={tag} id={`tag-${tag}`} className="scroll-mt-12 space-y-4">
              <h2 className="text-xl font-semibold text-zinc-900 dark:text-zinc-50">{tag}</h2>
              {tagged.map((entry) => (
                <OperationSection key={entry.operation.operationId} view={operationView(document, entry)} />
              ))}
            </section>
          ))}
        </div>
      </SampleLanguageProvider>

      <WebhooksSection document={document} />

      <section className="ref-schemas space-y-4">
        <h2 className="text-xl font-semibold text-zinc-900 dark:text-zinc-50">Schemas</h2>
        {Object.keys(document.components.schemas).map((name) => (
          <LazyDetails key={name} id={`schema-${name}`} block={{ kind: "component", name }} label={`Schema ${name}`} summary={name} />
        ))}
      </section>
    </main>
  );
}
