import { responseExample } from "@/lib/api/openapi/examples";
import type { JsonSchema, OpenApiDocument, OpenApiOperation } from "@/lib/api/openapi/types";
import { prettySchema } from "./schema-format";

/*
 * What a collapsed block of /docs shows once opened, read from /api/v2/openapi.json then: the page's
 * HTML (and its hydration data, which repeats it) carries the example requests, example answers and
 * schemas of every operation only for the reader who asks for one, and stays a fraction of its 1.7 MB
 * of before. The browser fetches the document once, for the first block opened, and may cache it.
 */

export type LazyBlock =
  { kind: "answer"; operationId: string } | { kind: "schemas"; operationId: string } | { kind: "component"; name: string } | { kind: "webhook"; event: string };

let loading: Promise<OpenApiDocument> | undefined;

export function loadDocument(): Promise<OpenApiDocument> {
  loading ??= fetch("/api/v2/openapi.json").then((response) => {
    if (!response.ok) throw new Error(`The OpenAPI document answered ${response.status}.`);
    return response.json() as Promise<OpenApiDocument>;
  });
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

export function operationOf(document: OpenApiDocument, operationId: string): OpenApiOperation {
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item)) if (operation?.operationId === operationId) return operation;
  }
  throw new Error(`No operation ${operationId} in the document.`);
}

function dataOf(body: JsonSchema): JsonSchema {
  const properties = body.properties as Record<string, JsonSchema> | undefined;
  return properties?.data ?? body;
}

export function lazyText(document: OpenApiDocument, block: LazyBlock): string {
  switch (block.kind) {
    case "answer":
      return JSON.stringify(responseExample(document, operationOf(document, block.operationId))?.body ?? null, null, 2);
    case "schemas": {
      const operation = operationOf(document, block.operationId);
      const body = operation.requestBody?.content["application/json"].schema;
      const answers = Object.entries(operation.responses).filter(([status, response]) => Number(status) < 400 && response.content);
      return [
        ...(body ? [`// Request body\n${prettySchema(body)}`] : []),
        ...answers.map(([status, response]) => `// ${status} ${response.description}\n${prettySchema(response.content!["application/json"].schema)}`),
      ].join("\n\n");
    }
    case "component":
      return prettySchema(document.components.schemas[block.name] ?? {});
    case "webhook":
      return prettySchema(dataOf(document.webhooks[block.event]?.post.requestBody.content["application/json"].schema ?? {}));
  }
}
