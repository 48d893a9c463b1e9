import type { OpenApiDocument } from "@/lib/api/openapi/types";
import { WEBHOOK_DELIVERY_NOTES } from "@/lib/webhooks/payloads";
import { DocsReceiverExamples } from "@/components/webhooks/docs-receiver-examples";
import { InlineCode } from "./inline-code";
import { MethodBadge } from "./method-badge";
import { LazyDetails } from "./lazy-details";
import { schemaSummary } from "./schema-format";

const H4 = "mb-1 text-sm font-medium text-zinc-700 dark:text-zinc-300";
const P = "text-sm leading-relaxed text-zinc-700 dark:text-zinc-300";

export function webhookAnchor(event: string): string {
  return `webhook-${event}`;
}

/**
 * The document's `webhooks`: the delivery notes, headers and answers once (every event shares them),
 * then each event with what its description adds to the notes and its data.
 */
export function WebhooksSection({ document }: { document: OpenApiDocument }) {
  const webhooks = Object.entries(document.webhooks);
  const shared = webhooks[0]?.[1].post;
  if (!shared) return null;

  return (
    <section id="webhooks" className="scroll-mt-4 space-y-4">
      <h2 className="text-xl font-semibold text-zinc-900 dark:text-zinc-50">Webhook events</h2>
      <ul className={`list-disc space-y-1 pl-5 ${P}`}>
        {WEBHOOK_DELIVERY_NOTES.map((note) => (
          <li key={note}>
            <InlineCode text={note} />
          </li>
        ))}
      </ul>

      <div>
        <h3 className={H4}>Headers of every delivery</h3>
        <dl className="divide-y divide-zinc-200 rounded-md border border-zinc-200 text-sm dark:divide-zinc-800 dark:border-zinc-800">
          {shared.parameters.map((header) => (
            <div key={header.name} id={`webhook-header-${header.name}`} className="space-y-1 px-3 py-2 sm:grid sm:grid-cols-[12rem_1fr] sm:gap-3 sm:space-y-0">
              <dt className="font-mono font-medium text-zinc-900 dark:text-zinc-100">{header.name}</dt>
              <dd className="min-w-0 text-zinc-700 dark:text-zinc-300">
                <span className="block break-all font-mono text-xs text-zinc-500 dark:text-zinc-400">{schemaSummary(header.schema)}</span>
                {header.description ? <InlineCode text={header.description} /> : null}
              </dd>
            </div>
          ))}
        </dl>
      </div>

      <div id="webhook-receivers">
        <h3 className={H4}>A receiver that checks the signature</h3>
        <p className={`mb-2 ${P}`}>
          <InlineCode text="Verify `X-Webhook-Signature` over the raw body before parsing it, in constant time; the SDK's `verifyWebhook` does both and returns the parsed event." />
        </p>
        <DocsReceiverExamples />
      </div>

      <div>
        <h3 className={H4}>Your answer</h3>
        <ul className={`space-y-1 ${P}`}>
          {Object.entries(shared.responses).map(([status, response]) => (
            <li key={status}>
              <code className="font-mono font-semibold">{status}</code> <InlineCode text={response.description} />
            </li>
          ))}
        </ul>
      </div>

      {webhooks.map(([event, { post }]) => (
        <section key={event} id={webhookAnchor(event)} className="ref-op">
          <header>
            <h3>{post.summary}</h3>
            <div className="ref-endpoint">
              <MethodBadge method="post" />
              <code>{event}</code>
              <span>to your webhook URL</span>
            </div>
          </header>
          {post.description
            .split("\n\n")
            .filter((paragraph) => !WEBHOOK_DELIVERY_NOTES.includes(paragraph))
            .map((paragraph) => (
              <p key={paragraph} className="ref-p">
                <InlineCode text={paragraph} />
              </p>
            ))}
          <LazyDetails block={{ kind: "webhook", event }} label={`data of ${event}`} summary="data schema" />
        </section>
      ))}
    </section>
  );
}
