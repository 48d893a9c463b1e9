import type { OpenApiDocument, OpenApiMethod, OpenApiOperation } from "@/lib/api/openapi/types";
import { InlineCode } from "./inline-code";
import { Endpoint } from "./method-badge";
import { SchemaBlock } from "./schema-block";
import { schemaSummary } from "./schema-format";

export interface OperationEntry {
  path: string;
  method: OpenApiMethod;
  operation: OpenApiOperation;
  /** The reseller-API twin, when there is one. */
  twin?: { path: string; operation: OpenApiOperation };
}

const TH = "px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400";
const TD = "px-3 py-2 align-top";

export function operationAnchor(operationId: string): string {
  return `op-${operationId}`;
}

export function OperationSection({ document, entry }: { document: OpenApiDocument; entry: OperationEntry }) {
  const { operation, method, path, twin } = entry;
  const success = Object.entries(operation.responses).filter(([status]) => Number(status) < 400);
  const errors = Object.entries(operation.responses).filter(([status]) => Number(status) >= 400);
  const parameters = operation.parameters ?? [];
  const body = operation.requestBody?.content["application/json"].schema;
  const category = operation["x-rate-limit-category"];

  return (
    <section id={operationAnchor(operation.operationId)} className="scroll-mt-4 space-y-4 rounded-lg border border-zinc-200 p-4 sm:p-5 dark:border-zinc-800">
      <header className="space-y-2">
        <h3 className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">{operation.summary}</h3>
        <Endpoint method={method} path={path} label="v2" />
        {twin ? <Endpoint method={method} path={twin.path} label="reseller API" /> : null}
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-zinc-500 dark:text-zinc-400">
          <span>
            operationId <code className="font-mono">{operation.operationId}</code>
            {twin ? (
              <>
                {" / "}
                <code className="font-mono">{twin.operation.operationId}</code>
              </>
            ) : null}
          </span>
          <span>
            rate limit <code className="font-mono">{category}</code> ({operation["x-rate-limit-per-minute"]}/min)
          </span>
          <span>{operation.security ? "auth: API key" : "no auth"}</span>
        </p>
      </header>

      {operation.description ? (
        <p className="text-sm leading-relaxed text-zinc-700 dark:text-zinc-300">
          <InlineCode text={operation.description} />
        </p>
      ) : null}

      {parameters.length > 0 ? (
        <div>
          <h4 className="mb-1 text-sm font-medium text-zinc-700 dark:text-zinc-300">Parameters</h4>
          <div tabIndex={0} role="region" aria-label="Parameters" className="overflow-x-auto rounded-md border border-zinc-200 dark:border-zinc-800">
            <table className="min-w-full text-sm">
              <thead className="bg-zinc-50 dark:bg-zinc-900">
                <tr>
                  <th className={TH}>name</th>
                  <th className={TH}>in</th>
                  <th className={TH}>schema</th>
                  <th className={TH}>required</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
                {parameters.map((parameter) => (
                  <tr key={`${parameter.in}-${parameter.name}`}>
                    <td className={`${TD} font-mono`}>{parameter.name}</td>
                    <td className={TD}>{parameter.in}</td>
                    <td className={`${TD} break-words font-mono text-xs`}>
                      {schemaSummary(parameter.schema)}
                      {parameter.description ? <span className="block font-sans text-zinc-500 dark:text-zinc-400">{parameter.description}</span> : null}
                    </td>
                    <td className={TD}>{parameter.required ? "yes" : "no"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}

      {body ? <SchemaBlock document={document} schema={body} title="Request body (application/json, required)" /> : null}

      {success.map(([status, response]) => {
        const schema = response.content?.["application/json"].schema;
        return schema ? (
          <SchemaBlock key={status} document={document} schema={schema} title={`Response ${status} ${response.description}`} />
        ) : (
          <p key={status} className="text-sm text-zinc-700 dark:text-zinc-300">
            Response {status} {response.description}
          </p>
        );
      })}

      {errors.length > 0 ? (
        <div>
          <h4 className="mb-1 text-sm font-medium text-zinc-700 dark:text-zinc-300">
            Errors (body:{" "}
            <a href="#schema-Error" className="font-mono text-sky-700 underline-offset-2 hover:underline dark:text-sky-400">
              Error
            </a>
            )
          </h4>
          <div tabIndex={0} role="region" aria-label="Errors" className="overflow-x-auto rounded-md border border-zinc-200 dark:border-zinc-800">
            <table className="min-w-full text-sm">
              <thead className="bg-zinc-50 dark:bg-zinc-900">
                <tr>
                  <th className={TH}>status</th>
                  <th className={TH}>when</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
                {errors.map(([status, response]) => (
                  <tr key={status}>
                    <td className={`${TD} font-mono font-semibold`}>{status}</td>
                    <td className={`${TD} text-zinc-700 dark:text-zinc-300`}>
                      <InlineCode text={response.description} />
                      {response.headers?.["Retry-After"] ? (
                        <span className="block text-xs text-zinc-500 dark:text-zinc-400">
                          <InlineCode text="Header `Retry-After`: whole seconds to wait." />
                        </span>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}
    </section>
  );
}
