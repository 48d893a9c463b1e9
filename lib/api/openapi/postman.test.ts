import type { IncomingHttpHeaders } from "node:http";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { GET as getOpenApi } from "@/app/api/v2/openapi.json/route";
import { GET as getPostman } from "@/app/api/v2/postman.json/route";
import { dropUntrustedForwarding } from "@/lib/http/forwarded-headers";
import { operations } from "../operations";
import { POSTMAN_SCHEMA, type PostmanCollection } from "./postman";

/*
 * The served document and Postman collection, through their route handlers: the server URL is the
 * origin the client reached (forwarded host and scheme only where the server keeps them, behind
 * TRUST_PROXY), and the collection is Postman v2.1 that calls that origin with the key from {{apiKey}}.
 */

/** A request as the route sees it after the server's own handling of X-Forwarded-* (lib/server/main.ts). */
function requestTo(path: string, raw: IncomingHttpHeaders, trustProxy: boolean): Request {
  const headers = { ...raw };
  dropUntrustedForwarding(headers, trustProxy);
  return new Request(`http://127.0.0.1:3000${path}`, { headers: headers as Record<string, string> });
}

const keyValue = z
  .object({ key: z.string(), value: z.string(), description: z.string().optional(), disabled: z.boolean().optional(), type: z.string().optional() })
  .strict();

/** Postman Collection v2.1's shape, as far as this collection uses it (schema.getpostman.com/json/collection/v2.1.0). */
const requestItem = z
  .object({
    name: z.string().min(1),
    request: z
      .object({
        method: z.enum(["GET", "POST", "PUT", "DELETE"]),
        description: z.string().optional(),
        header: z.array(keyValue),
        url: z
          .object({
            raw: z.string().startsWith("{{baseUrl}}/"),
            host: z.tuple([z.literal("{{baseUrl}}")]),
            path: z.array(z.string().min(1)),
            query: z.array(keyValue).optional(),
            variable: z.array(keyValue).optional(),
          })
          .strict(),
        body: z.object({ mode: z.literal("raw"), raw: z.string(), options: z.object({ raw: z.object({ language: z.literal("json") }) }) }).optional(),
        auth: z.object({ type: z.literal("noauth") }).optional(),
      })
      .strict(),
    response: z.array(
      z
        .object({
          name: z.string(),
          code: z.number().int(),
          status: z.string(),
          header: z.array(keyValue),
          body: z.string(),
          _postman_previewlanguage: z.literal("json"),
        })
        .strict(),
    ),
  })
  .strict();
const collectionSchema = z
  .object({
    info: z.object({ name: z.string(), description: z.string(), schema: z.literal(POSTMAN_SCHEMA) }).strict(),
    auth: z.object({ type: z.literal("apikey"), apikey: z.array(keyValue) }).strict(),
    variable: z.array(keyValue),
    item: z.array(z.object({ name: z.string(), description: z.string().optional(), item: z.array(requestItem).min(1) }).strict()),
  })
  .strict();

async function collection(host = "panel.shop.test"): Promise<PostmanCollection> {
  const response = getPostman(requestTo("/api/v2/postman.json", { host }, false));
  expect(response.status).toBe(200);
  return (await response.json()) as PostmanCollection;
}

describe("GET /api/v2/openapi.json", () => {
  it("names the origin the client reached as the server, not /", async () => {
    const response = getOpenApi(requestTo("/api/v2/openapi.json", { host: "panel.shop.test:8443" }, false));
    expect((await response.json()).servers).toEqual([{ url: "http://panel.shop.test:8443", description: expect.any(String) }]);
    expect(response.headers.get("x-request-id")).not.toBeNull();
  });

  it("takes the forwarded host and scheme behind a trusted proxy, and ignores a client's own without one", async () => {
    const forwarded = { host: "10.0.0.5:3000", "x-forwarded-host": "panel.shop.test", "x-forwarded-proto": "https" };
    const behindProxy = await getOpenApi(requestTo("/api/v2/openapi.json", forwarded, true)).json();
    expect(behindProxy.servers[0].url).toBe("https://panel.shop.test");
    const direct = await getOpenApi(requestTo("/api/v2/openapi.json", forwarded, false)).json();
    expect(direct.servers[0].url).toBe("http://10.0.0.5:3000");
  });
});

describe("GET /api/v2/postman.json", () => {
  it("is a Postman v2.1 collection with baseUrl from the request's origin, an apiKey variable and the key sent as X-API-Key", async () => {
    const built = await collection();
    expect(() => collectionSchema.parse(built)).not.toThrow();
    expect(built.variable).toEqual([
      { key: "baseUrl", value: "http://panel.shop.test", type: "string" },
      { key: "apiKey", value: "", type: "string", description: expect.any(String) },
    ]);
    expect(built.auth.apikey).toEqual(
      expect.arrayContaining([
        { key: "key", value: "X-API-Key", type: "string" },
        { key: "value", value: "{{apiKey}}", type: "string" },
        { key: "in", value: "header", type: "string" },
      ]),
    );
  });

  it("holds every operation and its reseller-API twin, grouped by tag, an unauthenticated one marked noauth", async () => {
    const built = await collection();
    const folders = Object.fromEntries(built.item.map((folder) => [folder.name, folder.item]));
    const urlOf = (method: string, path: string) => `${method} {{baseUrl}}${path.replace(/\{([^}]+)\}/g, ":$1")}`;
    for (const operation of operations) {
      const inFolder = (folders[operation.tag] ?? []).map((item) => `${item.request.method} ${item.request.url.raw.split("?")[0]}`);
      expect(inFolder, operation.operationId).toContain(urlOf(operation.method, operation.path));
      if (operation.resellerPath) {
        const twins = folders["Reseller API (/api)"].map((item) => `${item.request.method} ${item.request.url.raw.split("?")[0]}`);
        expect(twins, operation.operationId).toContain(urlOf(operation.method, operation.resellerPath));
      }
      const item = folders[operation.tag].find(
        (candidate) => candidate.request.url.raw.split("?")[0] === urlOf(operation.method, operation.path).split(" ")[1],
      )!;
      expect(item.request.auth, operation.operationId).toEqual(operation.auth === "reseller" ? undefined : { type: "noauth" });
    }
    const count = built.item.reduce((sum, folder) => sum + folder.item.length, 0);
    expect(count).toBe(operations.length + operations.filter((operation) => operation.resellerPath).length);
  });

  it("sends example bodies, path values and query values the API's own schemas accept", async () => {
    const built = await collection();
    const items = built.item.flatMap((folder) => folder.item);
    for (const operation of operations) {
      const item = items.find(
        (candidate) =>
          candidate.request.url.raw.split("?")[0] === `{{baseUrl}}${operation.path.replace(/\{([^}]+)\}/g, ":$1")}` &&
          candidate.request.method === operation.method,
      )!;
      if (operation.body) {
        const parsed = operation.body.safeParse(JSON.parse(item.request.body!.raw));
        expect(parsed.error?.issues ?? [], `${operation.operationId} body`).toEqual([]);
      } else {
        expect(item.request.body, operation.operationId).toBeUndefined();
      }
      if (operation.params) {
        const values = Object.fromEntries((item.request.url.variable ?? []).map((variable) => [variable.key, variable.value]));
        expect(operation.params.safeParse(values).error?.issues ?? [], `${operation.operationId} path`).toEqual([]);
      }
      if (operation.query) {
        const values = Object.fromEntries((item.request.url.query ?? []).filter((query) => !query.disabled).map((query) => [query.key, query.value]));
        expect(operation.query.safeParse(values).error?.issues ?? [], `${operation.operationId} query`).toEqual([]);
      }
    }
    const order = items.find((item) => item.request.url.raw === "{{baseUrl}}/api/v2/order")!;
    expect(JSON.parse(order.request.body!.raw)).toMatchObject({ sku: "giftcard-steam-us-20", quantity: 1 });
    expect(order.request.header).toContainEqual(expect.objectContaining({ key: "Idempotency-Key", value: "{{$guid}}" }));
    expect(order.response[0]).toMatchObject({ code: 201, status: "Created" });
    expect(JSON.parse(order.response[0].body)).toMatchObject({ order_id: expect.stringMatching(/^ord_/), currency: "USD" });
  });
});
