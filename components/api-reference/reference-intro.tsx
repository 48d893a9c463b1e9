import { errorAnswer } from "@/lib/api/errors";
import type { OpenApiDocument, OpenApiOperation } from "@/lib/api/openapi/types";
import { ERROR_CODE_NOTES } from "@/lib/api/openapi/errors";
import { ERROR_CODES, errorStatus } from "@/lib/errors/app-error";
import { insufficientBalance } from "@/lib/ledger/post-entry";
import { InlineCode } from "./inline-code";
import { operationAnchor } from "./anchors";

const H2 = "text-xl font-semibold text-zinc-900 dark:text-zinc-50";
const P = "text-sm leading-relaxed text-zinc-700 dark:text-zinc-300";

/** A real error body (the order endpoints' own refusal), so its message and details are the server's. */
const ERROR_EXAMPLE = JSON.stringify(errorAnswer(insufficientBalance(3_000_000n, 5_000_000n), "6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b").body, null, 2);

function Bullets({ items }: { items: string[] }) {
  return (
    <ul className={`list-disc space-y-1 pl-5 ${P}`}>
      {items.map((item) => (
        <li key={item}>
          <InlineCode text={item} />
        </li>
      ))}
    </ul>
  );
}

/** Base URLs, authentication, conventions, errors and rate limits, ahead of the operations. */
export function ReferenceIntro({ document, operations }: { document: OpenApiDocument; operations: OpenApiOperation[] }) {
  const apiKey = document.components.securitySchemes.apiKey;
  const categories = Object.entries(document["x-rate-limit-categories"]);

  return (
    <div className="space-y-8">
      <section className="space-y-3">
        <h2 className={H2}>Base URLs</h2>
        <Bullets
          items={[
            "`/api/v2` - the public API v2, the primary documented surface.",
            "`/api` - the reseller API: the same handlers, records and authentication under the seed's unprefixed paths (shown below each v2 path).",
          ]}
        />
      </section>

      <section className="space-y-3">
        <h2 className={H2}>Authentication</h2>
        <p className={P}>
          <InlineCode text={`Send your API key in one of two headers; both surfaces accept both. ${apiKey?.description ?? ""}`} />
        </p>
        <pre tabIndex={0} aria-label="Authentication headers" className="overflow-x-auto rounded-md bg-zinc-950 p-3 font-mono text-xs text-zinc-100">
          {"X-API-Key: rk_live_...\nAuthorization: Bearer rk_live_..."}
        </pre>
        <p className={P}>
          <InlineCode text="A missing, malformed, unknown or revoked key gets `401 unauthenticated`; a blocked reseller `403 account_disabled`; a call from outside the key's IP allowlist `403 forbidden`." />
        </p>
      </section>

      <section className="space-y-3">
        <h2 className={H2}>Conventions</h2>
        <Bullets
          items={[
            "JSON in, JSON out, UTF-8. Unknown fields in a request body are rejected with `400 validation_error`; bodies are limited to 64 KiB.",
            'Money is a JSON string holding a decimal number of US dollars (USDT counts 1:1), never a float: 2 to 6 fraction digits, e.g. `"12.50"` or `"100.000437"`.',
            "Timestamps are ISO 8601 UTC with milliseconds: `2026-11-21T10:15:30.123Z`.",
            "Ids are opaque strings with a type prefix: `usr_`, `ord_`, `txn_`, `pay_`, `dlv_`, `key_`, `msg_`. Event ids are UUIDs.",
            'Lists take `?limit=` (1..100, default 50) and `?cursor=`, and answer `{"data": [...], "next_cursor": "..." | null}`, newest first; pass `next_cursor` back as `cursor` for the next page.',
            "Every response carries `X-Request-Id`; quote it when reporting a problem.",
          ]}
        />
      </section>

      <section className="space-y-3">
        <h2 className={H2}>Errors</h2>
        <p className={P}>
          <InlineCode text="Every error has this body (the `Error` schema), with the status of its code. `retryable` says whether the same request may succeed later unchanged (true for 429, 5xx and `out_of_stock`)." />
        </p>
        <pre tabIndex={0} aria-label="Error body" className="overflow-x-auto rounded-md bg-zinc-950 p-3 font-mono text-xs text-zinc-100">
          {ERROR_EXAMPLE}
        </pre>
        <h3 id="error-codes" className="scroll-mt-4 text-base font-semibold text-zinc-900 dark:text-zinc-50">
          Error codes
        </h3>
        <div tabIndex={0} role="region" aria-label="Error codes" className="overflow-x-auto rounded-md border border-zinc-200 dark:border-zinc-800">
          <table className="ref-table min-w-full text-sm">
            <thead className="bg-zinc-50 dark:bg-zinc-900">
              <tr>
                <th>code</th>
                <th>status</th>
                <th>when</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-200 text-zinc-700 dark:divide-zinc-800 dark:text-zinc-300">
              {ERROR_CODES.map((code) => (
                <tr key={code} id={`error-${code}`} className="scroll-mt-4">
                  <td className="font-mono">{code}</td>
                  <td className="font-mono">{errorStatus[code]}</td>
                  <td>
                    <InlineCode text={ERROR_CODE_NOTES[code]} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="space-y-3">
        <h2 className={H2}>Rate limits</h2>
        <p className={P}>
          <InlineCode text="A sliding one-minute window per category and API key; categories do not share budget. Its count is exact: a call is admitted while fewer calls of its category than the limit were admitted in the last 60 seconds, so a key's budget comes back call by call, 60 seconds after each, and `Retry-After` is never more than 60. Authenticated responses carry `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (seconds until a request is certain to be admitted); an exhausted category answers `429 rate_limited` with `Retry-After` in whole seconds." />
        </p>
        <div tabIndex={0} role="region" aria-label="Rate limits" className="overflow-x-auto rounded-md border border-zinc-200 dark:border-zinc-800">
          <table className="ref-table min-w-full text-sm">
            <thead className="bg-zinc-50 dark:bg-zinc-900">
              <tr>
                <th>category</th>
                <th>limit / minute</th>
                <th>operations</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {categories.map(([category, { limit_per_minute }]) => {
                const members = operations.filter((operation) => operation["x-rate-limit-category"] === category);
                return (
                  <tr key={category}>
                    <td className="font-mono">{category}</td>
                    <td>{limit_per_minute}</td>
                    <td className="text-zinc-700 dark:text-zinc-300">
                      {members.length === 0
                        ? category === "default"
                          ? "everything else"
                          : "-"
                        : members.map((operation, index) => (
                            <span key={operation.operationId}>
                              {index > 0 ? ", " : null}
                              <a href={`#${operationAnchor(operation.operationId)}`} className="ref-link">
                                {operation.operationId}
                              </a>
                            </span>
                          ))}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
