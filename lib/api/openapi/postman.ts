import { requestExample, responseExample } from "./examples";
import type { OpenApiDocument, OpenApiMethod, OpenApiOperation } from "./types";

/*
 * A Postman Collection v2.1 made from the OpenAPI document: one folder per tag (the reseller-API twins
 * in a folder of their own), `baseUrl` and `apiKey` as collection variables, the key sent as X-API-Key
 * by collection-level auth, and each request's body, path and query values from the schemas' examples.
 * Postman's own OpenAPI import leaves `baseUrl` as "/" and asks for no key; this one runs as imported.
 */

export const POSTMAN_SCHEMA = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json";

interface PostmanKeyValue {
  key: string;
  value: string;
  description?: string;
  disabled?: boolean;
  type?: string;
}

export interface PostmanRequestItem {
  name: string;
  request: {
    method: string;
    description?: string;
    header: PostmanKeyValue[];
    url: { raw: string; host: string[]; path: string[]; query?: PostmanKeyValue[]; variable?: PostmanKeyValue[] };
    body?: { mode: "raw"; raw: string; options: { raw: { language: "json" } } };
    auth?: { type: "noauth" };
  };
  response: Array<{ name: string; code: number; status: string; header: PostmanKeyValue[]; body: string; _postman_previewlanguage: "json" }>;
}

export interface PostmanFolder {
  name: string;
  description?: string;
  item: PostmanRequestItem[];
}

export interface PostmanCollection {
  info: { name: string; description: string; schema: string };
  auth: { type: "apikey"; apikey: PostmanKeyValue[] };
  variable: PostmanKeyValue[];
  item: PostmanFolder[];
}

const METHODS: OpenApiMethod[] = ["get", "post", "put", "delete"];

function requestItem(document: OpenApiDocument, path: string, method: OpenApiMethod, operation: OpenApiOperation): PostmanRequestItem {
  const example = requestExample(document, path, method, operation);
  // Postman writes a path variable as :name.
  const segments = path
    .split("/")
    .filter(Boolean)
    .map((segment) => segment.replace(/^\{([^}]+)\}$/, ":$1"));
  const query = (operation.parameters ?? [])
    .filter((parameter) => parameter.in === "query")
    .map((parameter) => ({
      key: parameter.name,
      value: example.query[parameter.name] ?? (parameter.schema.example === undefined ? "" : String(parameter.schema.example)),
      // Optional filters are listed, off, so a first send is the plain call.
      ...(parameter.name in example.query ? {} : { disabled: true }),
      ...(parameter.description ? { description: parameter.description } : {}),
    }));
  const enabledQuery = query.filter((parameter) => !parameter.disabled).map((parameter) => `${parameter.key}=${encodeURIComponent(parameter.value)}`);
  const header: PostmanKeyValue[] = [];
  if (example.body !== undefined) header.push({ key: "Content-Type", value: "application/json" });
  // {{$guid}} is a fresh id per send; set a fixed one to try a retry.
  if (example.idempotencyKey)
    header.push({
      key: "Idempotency-Key",
      value: "{{$guid}}",
      description: "Your key for this request; a retry with the same key and body answers the original.",
    });
  const answer = responseExample(document, operation);
  return {
    name: operation.summary,
    request: {
      method: method.toUpperCase(),
      ...(operation.description
        ? { description: `\`${operation.operationId}\`\n\n${operation.description}` }
        : { description: `\`${operation.operationId}\`` }),
      header,
      url: {
        raw: `{{baseUrl}}/${segments.join("/")}${enabledQuery.length > 0 ? `?${enabledQuery.join("&")}` : ""}`,
        host: ["{{baseUrl}}"],
        path: segments,
        ...(query.length > 0 ? { query } : {}),
        ...(Object.keys(example.pathValues).length > 0 ? { variable: Object.entries(example.pathValues).map(([key, value]) => ({ key, value })) } : {}),
      },
      ...(example.body !== undefined
        ? { body: { mode: "raw" as const, raw: JSON.stringify(example.body, null, 2), options: { raw: { language: "json" as const } } } }
        : {}),
      ...(example.authenticated ? {} : { auth: { type: "noauth" as const } }),
    },
    response: answer
      ? [
          {
            name: `${answer.status} ${answer.description}`,
            code: answer.status,
            status: answer.description,
            header: [{ key: "Content-Type", value: "application/json" }],
            body: JSON.stringify(answer.body, null, 2),
            _postman_previewlanguage: "json" as const,
          },
        ]
      : [],
  };
}

/** The collection of every operation in `document`, calling `baseUrl` (the deployment's origin). */
export function buildPostmanCollection(document: OpenApiDocument, baseUrl: string): PostmanCollection {
  const folders = new Map<string, PostmanFolder>(document.tags.map((tag) => [tag.name, { name: tag.name, description: tag.description, item: [] }]));
  const twins: PostmanFolder = {
    name: "Reseller API (/api)",
    description: "The same operations under /api, with the same key, handlers and records; their operationIds end in `_reseller`.",
    item: [],
  };
  for (const [path, pathItem] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = pathItem[method];
      if (!operation) continue;
      const item = requestItem(document, path, method, operation);
      const folder = operation["x-reseller-twin-of"] ? twins : folders.get(operation.tags[0]);
      if (!folder) throw new Error(`Postman: ${operation.operationId} has the undeclared tag ${operation.tags[0]}.`);
      folder.item.push(item);
    }
  }
  return {
    info: { name: document.info.title, description: `${document.info.description}\n\nMade from ${baseUrl}/api/v2/openapi.json.`, schema: POSTMAN_SCHEMA },
    auth: {
      type: "apikey",
      apikey: [
        { key: "key", value: "X-API-Key", type: "string" },
        { key: "value", value: "{{apiKey}}", type: "string" },
        { key: "in", value: "header", type: "string" },
      ],
    },
    variable: [
      { key: "baseUrl", value: baseUrl, type: "string" },
      { key: "apiKey", value: "", type: "string", description: "An API key from the panel's API keys page: rk_live_..." },
    ],
    item: [...folders.values(), twins].filter((folder) => folder.item.length > 0),
  };
}
