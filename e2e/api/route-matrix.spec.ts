import { Agent, request as httpRequest } from "node:http";
import path from "node:path";
import { findRouteFiles } from "@/lib/server/api-routes";
import { expect, test } from "../support/test";

/**
 * Every route of the route table, with every method and with bad input of every kind its OpenAPI
 * operation documents, with a key and without: never a 5xx or a redirect, always the JSON error body
 * with a request id and nosniff. The routes come from app/api and the inputs from the document, so a
 * new route or field is in the matrix without a line here.
 */

const METHODS = [
  "GET",
  "HEAD",
  "POST",
  "PUT",
  "PATCH",
  "DELETE",
  "OPTIONS",
  "TRACE",
  "PROPFIND",
  "LOCK",
  "MKCOL",
  "SEARCH",
  "PURGE",
  "LINK",
  "UNLINK",
  "QUERY",
  "M-SEARCH",
  "SOURCE",
];
/** Path parameters no route takes: a word, an injection, a non-ASCII escape, an overlong id, a NUL. */
const NONSENSE_PARAMS = ["nonsense", "%27%3B--%20drop", "%E2%82%AC", "x".repeat(300), "ord_%00"];
/** A body every write refuses before acting: its schemas take no unknown field. */
const UNKNOWN_FIELD = JSON.stringify({ matrix_unknown_field: true });
const REQUEST_ID = /^[0-9a-f-]{36}$/;
const CONCURRENCY = 16;

type JsonSchema = { $ref?: string; type?: string; enum?: unknown[]; format?: string; properties?: Record<string, JsonSchema>; anyOf?: JsonSchema[] };
interface OpenApiOperation {
  operationId: string;
  "x-rate-limit-category": string;
  parameters?: { in: string; name: string; schema: JsonSchema }[];
  requestBody?: { content: { "application/json": { schema: JsonSchema } } };
}
interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonSchema> };
}

interface Probe {
  method: string;
  path: string;
  /** Index into the matrix keys, or null for no key. */
  key: number | null;
  headers?: Record<string, string>;
  body?: string;
  /** What the answer must be, beyond the rules every answer meets. */
  expect?: { status?: number; code?: string; allow?: string };
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function send(base: URL, probe: Probe, keys: string[], clientIp: string): Promise<Answer> {
  const headers: Record<string, string> = { "X-Forwarded-For": clientIp, ...probe.headers };
  if (probe.key !== null) headers["X-API-Key"] = keys[probe.key];
  if (probe.body !== undefined) headers["Content-Length"] = String(Buffer.byteLength(probe.body));
  return new Promise((resolve, reject) => {
    const req = httpRequest({ agent, host: base.hostname, port: base.port, method: probe.method, path: probe.path, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end(probe.body);
  });
}

async function sendAll(base: URL, probes: Probe[], keys: string[], clientIp: string): Promise<Answer[]> {
  const answers: Answer[] = new Array(probes.length);
  let next = 0;
  const worker = async () => {
    while (next < probes.length) {
      const index = next++;
      answers[index] = await send(base, probes[index], keys, clientIp);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return answers;
}

/** Whether an Allow header lists the methods expected, in any order. */
const sameMethods = (allow: unknown, expected: string) => typeof allow === "string" && allow.split(", ").sort().join() === expected.split(", ").sort().join();

/**
 * Routes that are no operation of the reseller API, with the methods they take: the document itself, its
 * Postman collection, and the endpoint suppliers' signed webhooks reach (lib/fulfilment/supplier-webhook.ts).
 */
const OUTSIDE_DOCUMENT: Record<string, string[]> = {
  "/api/v2/openapi.json": ["GET"],
  "/api/v2/postman.json": ["GET"],
  "/api/suppliers/{supplierId}/webhook": ["POST"],
};

/** The table's pattern as the document writes it: /api/v2/order/[orderId] is /api/v2/order/{orderId}. */
const documentPath = (pattern: string) => pattern.replace(/\[(\w+)\]/g, "{$1}");

/** An id of the right shape that names nothing, so that a write's body is checked and its params are not the refusal. */
function unknownId(name: string): string {
  const prefix = { orderId: "ord_", transactionId: "txn_", paymentId: "pay_", deliveryId: "dlv_" }[name];
  return prefix ? `${prefix}01ARZ3NDEKTSV4RRFFQ69G5FAV` : "999999999";
}

function withParams(documented: string, value: (name: string) => string): string {
  return documented.replace(/\{(\w+)\}/g, (_, name: string) => value(name));
}

function resolve(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  return schema.$ref ? resolve(document, document.components.schemas[schema.$ref.split("/").pop()!]) : schema;
}

/** A value of another type than the property documents: a schema that takes either gets a nested list. */
function wrongValue(schema: JsonSchema): unknown {
  switch (schema.type) {
    case "string":
      return 12345;
    case "integer":
    case "number":
      return "not-a-number";
    case "boolean":
      return "yes";
    case "array":
      return "not-a-list";
    case "object":
      return "not-an-object";
    default:
      return { matrix: [true] };
  }
}

/** A query value the parameter does not take: a word for a number, a choice or a time; a NUL in free text. */
function wrongQueryValue(schema: JsonSchema): string {
  if (schema.type === "integer" || schema.type === "number") return "abc";
  if (schema.enum || schema.format === "date-time") return "not-a-choice";
  return "a%00b";
}

test.describe("every route, every method, every bad input", () => {
  test("the route table and the OpenAPI document name the same routes", async ({ request }) => {
    const document: OpenApiDocument = await (await request.get("/api/v2/openapi.json")).json();
    const table = findRouteFiles(path.join(process.cwd(), "app", "api"))
      .filter((route) => !route.catchAll)
      .map((route) => documentPath(route.pattern));
    expect(table.filter((route) => !OUTSIDE_DOCUMENT[route]).sort()).toEqual(Object.keys(document.paths).sort());
  });

  test("never a 5xx or a redirect; always the JSON error body, a request id and nosniff", async ({ request, fixtures, baseURL, clientIp }) => {
    test.setTimeout(120_000);
    const document: OpenApiDocument = await (await request.get("/api/v2/openapi.json")).json();
    const table = findRouteFiles(path.join(process.cwd(), "app", "api"));
    const routes = table
      .filter((route) => !route.catchAll)
      .map((route) => {
        const documented = documentPath(route.pattern);
        // The document and the suppliers' webhooks are no operations of their own: they take their methods, and no documented input.
        return {
          documented,
          methods: document.paths[documented] ? undefined : (OUTSIDE_DOCUMENT[documented] ?? ["GET"]),
          operations: document.paths[documented] ?? {},
        };
      });
    const keys = fixtures.matrixKeys;
    // Each category's calls go round the keys, so that no key spends more than its per-minute budget.
    const spent = new Map<string, number>();
    const keyFor = (category: string) => {
      const count = spent.get(category) ?? 0;
      spent.set(category, count + 1);
      return count % keys.length;
    };
    const json = { "Content-Type": "application/json" };

    const probes: Probe[] = [];
    for (const route of routes) {
      const { documented, operations } = route;
      const methods = route.methods ?? Object.keys(operations).map((method) => method.toUpperCase());
      const allow = [...methods, ...(methods.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
      const category = Object.values(operations)[0]?.["x-rate-limit-category"] ?? "none";
      const target = withParams(documented, unknownId);

      // Every method, with and without a key. A write gets a body no schema takes, so nothing is done.
      for (const method of METHODS) {
        const taken = allow.split(", ").includes(method);
        const body = method === "GET" || method === "HEAD" || method === "OPTIONS" ? {} : { headers: json, body: UNKNOWN_FIELD };
        const expected = taken ? (method === "OPTIONS" ? { status: 204, allow } : {}) : { status: 405, code: "method_not_allowed", allow };
        for (const key of [null, keyFor(category)]) probes.push({ method, path: target, key, ...body, expect: expected });
      }

      for (const [lower, operation] of Object.entries(operations)) {
        const method = lower.toUpperCase();
        const params = operation.parameters ?? [];
        const writes = method !== "GET";
        const body = writes ? { headers: json, body: UNKNOWN_FIELD } : {};

        // Path parameters that are nonsense, each in turn.
        for (const param of params.filter((p) => p.in === "path")) {
          for (const value of NONSENSE_PARAMS) {
            const nonsense = withParams(documented, (name) => (name === param.name ? value : unknownId(name)));
            probes.push({ method, path: nonsense, key: keyFor(operation["x-rate-limit-category"]), ...body });
          }
        }
        // Query parameters of the wrong type, each in turn, and one the operation does not take.
        for (const param of [...params.filter((p) => p.in === "query"), { name: "matrix_unknown", schema: { type: "integer" } }]) {
          probes.push({
            method,
            path: `${target}?${param.name}=${wrongQueryValue(param.schema)}`,
            key: keyFor(operation["x-rate-limit-category"]),
            ...body,
            expect: { status: 400 },
          });
        }
        if (!writes) continue;

        // Bodies: not JSON, another media type, an unknown field, and a wrong type for each documented property.
        const hasParams = params.some((p) => p.in === "path");
        const badBodies: [Record<string, string>, string, Probe["expect"]][] = [
          [json, "{not json", { status: 400, code: "invalid_json" }],
          [{ "Content-Type": "text/plain;charset=UTF-8" }, "{}", { status: 415, code: "unsupported_media_type" }],
          [{ "Content-Type": "application/x-www-form-urlencoded" }, "sku=a&quantity=1", { status: 415, code: "unsupported_media_type" }],
          [
            { "Content-Type": "multipart/form-data; boundary=m" },
            '--m\r\nContent-Disposition: form-data; name="sku"\r\n\r\na\r\n--m--\r\n',
            { status: 415, code: "unsupported_media_type" },
          ],
          [json, UNKNOWN_FIELD, { status: 400, code: "validation_error" }],
        ];
        const schema = operation.requestBody && resolve(document, operation.requestBody.content["application/json"].schema);
        for (const [name, property] of Object.entries(schema?.properties ?? {})) {
          badBodies.push([json, JSON.stringify({ [name]: wrongValue(resolve(document, property)) }), { status: 400, code: "validation_error" }]);
        }
        for (const [headers, sent, expected] of badBodies) {
          // A route with path parameters may find its unknown id first; what it must never do is act.
          probes.push({ method, path: target, key: keyFor(operation["x-rate-limit-category"]), headers, body: sent, expect: hasParams ? {} : expected });
          probes.push({ method, path: target, key: null, headers, body: sent, expect: { status: 401, code: "unauthenticated" } });
        }
      }
    }
    // Paths no route serves.
    for (const method of METHODS) {
      for (const target of ["/api/v2/matrix-nothing", "/api/v2/order/ord_x/more"]) {
        probes.push({ method, path: target, key: null, expect: method === "HEAD" ? { status: 404 } : { status: 404, code: "not_found" } });
      }
    }
    // A catch-all's route (next-auth's) is Next's to serve with the methods it exports, which its OPTIONS
    // names; every other method is refused with the error body.
    const nextServes = new Set<Probe>();
    for (const route of table.filter((candidate) => candidate.catchAll)) {
      const target = route.pattern.replace(/\[\.\.\.\w+\]/, "session");
      const allow = String((await send(new URL(baseURL!), { method: "OPTIONS", path: target, key: null }, keys, clientIp)).headers.allow);
      for (const method of METHODS) {
        const probe: Probe = {
          method,
          path: target,
          key: null,
          expect: allow.split(", ").includes(method) ? {} : { status: 405, code: "method_not_allowed", allow },
        };
        if (method !== "OPTIONS" && allow.split(", ").includes(method)) nextServes.add(probe);
        probes.push(probe);
      }
    }

    const answers = await sendAll(new URL(baseURL!), probes, keys, clientIp);
    const failures: string[] = [];
    answers.forEach((answer, index) => {
      const probe = probes[index];
      const label = `${probe.method} ${probe.path.slice(0, 80)} ${probe.key === null ? "without a key" : "with a key"} ${probe.headers?.["Content-Type"] ?? ""} ${JSON.stringify(probe.body?.slice(0, 40) ?? "")}`;
      const problems: string[] = [];
      const { status, headers, body } = answer;
      if (status >= 500) problems.push(`status ${status}`);
      if (nextServes.has(probe)) {
        if (problems.length) failures.push(`${label}: ${problems.join("; ")}`);
        return;
      }
      if (status >= 300 && status < 400) problems.push(`a redirect to ${headers.location}`);
      if (probe.key !== null && status === 429) problems.push("rate limited: the matrix spent more than a key's budget");
      if (probe.key !== null && probe.method !== "GET" && probe.method !== "HEAD" && probe.method !== "OPTIONS" && status < 400)
        problems.push(`a write was done (${status})`);
      if (!REQUEST_ID.test(String(headers["x-request-id"]))) problems.push("no X-Request-Id");
      if (headers["x-content-type-options"] !== "nosniff") problems.push(`X-Content-Type-Options ${headers["x-content-type-options"]}`);
      if (probe.expect?.status !== undefined && status !== probe.expect.status) problems.push(`status ${status}, expected ${probe.expect.status}`);
      if (probe.expect?.allow !== undefined && !sameMethods(headers.allow, probe.expect.allow))
        problems.push(`Allow ${headers.allow}, expected ${probe.expect.allow}`);
      if (probe.method !== "HEAD" && status !== 204) {
        if (!String(headers["content-type"]).startsWith("application/json")) problems.push(`Content-Type ${headers["content-type"]}`);
        else if (status >= 400) {
          const error = (JSON.parse(body) as { error?: { code?: string; request_id?: string } }).error;
          if (!error?.code || error.request_id !== headers["x-request-id"]) problems.push(`not the error body: ${body.slice(0, 120)}`);
          else if (probe.expect?.code !== undefined && error.code !== probe.expect.code) problems.push(`code ${error.code}, expected ${probe.expect.code}`);
        }
      }
      if (problems.length) failures.push(`${label}: ${problems.join("; ")}`);
    });
    expect(probes.length).toBeGreaterThan(1_000);
    expect(failures, `${failures.length} of ${probes.length} answers`).toEqual([]);
  });
});
