import { codeSample } from "./code-samples";
import { requestExample } from "./examples";
import type { OpenApiDocument, OpenApiMethod } from "./types";

const METHODS: OpenApiMethod[] = ["get", "post", "put", "delete"];

/**
 * Every operation's curl example as plain text, for a reader of /docs without JavaScript (its example
 * requests are written in the browser when opened): the same samples, from the same document.
 */
export function curlExamples(document: OpenApiDocument, origin: string): string {
  const sections = [`# ${document.info.title} ${document.info.version}: an example request of each operation, in curl.`];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const request = requestExample(document, path, method, operation);
      sections.push(`# ${operation.operationId}: ${operation.summary}\n${codeSample("curl", { origin, operationId: operation.operationId, request })}`);
    }
  }
  return `${sections.join("\n\n")}\n`;
}
