import { describe, it, expect } from "vitest";
import { z } from "zod";
import { EVENT_TYPES, LEDGER_ENTRY_TYPES } from "@/lib/db/schema";
import { TEST_EVENT } from "@/lib/webhooks/constants";
import { testEventBody } from "@/lib/webhooks/envelope";
import { deliveryHeaders } from "@/lib/webhooks/signature";
import { undocumentedInDelivery } from "@/lib/webhooks/testing/documented";
import { defineOperation, type Operation } from "../operation";
import { operations } from "../operations";
import { buildOpenApiDocument } from "./build";
import { ERROR_CODE_NOTES } from "./errors";
import type { JsonSchema, OpenApiDocument, OpenApiOperation } from "./types";

const doc = buildOpenApiDocument(operations);

function methodKey(operation: Operation): "get" | "post" | "put" | "delete" {
  return operation.method.toLowerCase() as "get" | "post" | "put" | "delete";
}

function allOperations(document: OpenApiDocument): OpenApiOperation[] {
  return Object.values(document.paths).flatMap((item) => Object.values(item));
}

function findOperation(document: OpenApiDocument, operationId: string): OpenApiOperation {
  const found = allOperations(document).find((operation) => operation.operationId === operationId);
  if (!found) throw new Error(`no operation ${operationId}`);
  return found;
}

/** Follows `#/...` JSON pointers; undefined when the target does not exist. */
function resolvePointer(document: unknown, ref: string): unknown {
  if (!ref.startsWith("#/")) return undefined;
  let current: unknown = document;
  for (const raw of ref.slice(2).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (typeof current !== "object" || current === null || !(key in current)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function deref(document: unknown, schema: JsonSchema): JsonSchema {
  let current = schema;
  while (typeof current.$ref === "string") current = resolvePointer(document, current.$ref) as JsonSchema;
  return current;
}

/** Every value under `key` anywhere in `value`. */
function collect(value: unknown, key: string, found: unknown[] = []): unknown[] {
  if (Array.isArray(value)) value.forEach((item) => collect(item, key, found));
  else if (typeof value === "object" && value !== null) {
    for (const [k, inner] of Object.entries(value)) {
      if (k === key) found.push(inner);
      collect(inner, key, found);
    }
  }
  return found;
}

describe("buildOpenApiDocument", () => {
  it("is an OpenAPI 3.1.0 document with the expected info", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.title).toBe("Reseller API");
    expect(doc.info.version).toBe("2.0.0");
    for (const text of ["never a float", "next_cursor", "catalog_read", "payment_write", "| 15 |", "`ord_`"]) {
      expect(doc.info.description).toContain(text);
    }
  });

  it("has every operation's v2 path and reseller path with the right method", () => {
    for (const operation of operations) {
      const v2 = doc.paths[operation.path]?.[methodKey(operation)];
      expect(v2?.operationId, operation.path).toBe(operation.operationId);
      expect(v2?.["x-rate-limit-category"]).toBe(operation.category);
      expect(v2?.tags).toEqual([operation.tag]);
      if (operation.resellerPath) {
        const twin = doc.paths[operation.resellerPath]?.[methodKey(operation)];
        expect(twin?.operationId, operation.resellerPath).toBe(`${operation.operationId}_reseller`);
        expect(twin?.description).toContain("Reseller-API twin");
        expect(twin?.responses).toEqual(v2?.responses);
        expect(twin?.["x-rate-limit-category"]).toBe(operation.category);
      }
    }
    expect(doc.tags.map((tag) => tag.name)).toContain("Account");
  });

  it("makes getTransaction's transactionId a required path parameter", () => {
    for (const id of ["getTransaction", "getTransaction_reseller"]) {
      const parameter = findOperation(doc, id).parameters?.find((p) => p.name === "transactionId");
      expect(parameter).toMatchObject({ in: "path", required: true });
      expect(parameter?.schema).toMatchObject({ type: "string" });
    }
  });

  it("lists listTransactions' query parameters", () => {
    const parameters = findOperation(doc, "listTransactions").parameters ?? [];
    const byName = Object.fromEntries(parameters.map((p) => [p.name, p]));
    expect(byName.limit).toMatchObject({ in: "query", required: false, schema: { type: "integer", minimum: 1, maximum: 100, default: 50 } });
    expect(byName.cursor).toMatchObject({ in: "query", required: false, schema: { type: "string" } });
    expect(byName.type).toMatchObject({ in: "query", required: false });
    expect(byName.type.schema.enum).toEqual([...LEDGER_ENTRY_TYPES]);
  });

  it("documents the order chat as a list like the others: limit, cursor and next_cursor", () => {
    const operation = findOperation(doc, "listOrderMessages");
    const byName = Object.fromEntries((operation.parameters ?? []).map((p) => [p.name, p]));
    expect(byName.limit).toMatchObject({ in: "query", required: false, schema: { type: "integer", minimum: 1, maximum: 100, default: 50 } });
    expect(byName.cursor).toMatchObject({ in: "query", required: false, schema: { type: "string" } });
    expect(byName.orderId).toMatchObject({ in: "path", required: true });
    const list = deref(doc, operation.responses["200"].content!["application/json"].schema);
    expect(list.properties).toMatchObject({ data: { type: "array", items: { $ref: "#/components/schemas/OrderMessage" } }, next_cursor: {} });
    expect(list.required).toEqual(expect.arrayContaining(["data", "next_cursor"]));
    expect(operation.description).toContain("newest first");
  });

  it("declares the Idempotency-Key header and the replay on the order-create operations only", () => {
    for (const id of ["createOrder", "createGiftCardOrder_reseller", "createMessengerStarsOrder"]) {
      const operation = findOperation(doc, id);
      expect(operation.parameters?.find((p) => p.name === "Idempotency-Key")).toMatchObject({ in: "header", required: false, schema: { maxLength: 255 } });
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(["201", "200", "409"]));
      expect(operation.responses["200"].headers).toHaveProperty("Idempotent-Replayed");
    }
    expect(findOperation(doc, "createPayment").parameters ?? []).toEqual([]);
  });

  it("declares If-None-Match, the ETag and the 304 on the catalog reads that answer conditionally, and on no other", () => {
    for (const id of ["listCatalog", "listPrices"]) {
      const operation = findOperation(doc, id);
      expect(operation.parameters?.find((p) => p.name === "If-None-Match")).toMatchObject({ in: "header", required: false });
      expect(operation.responses["200"].headers).toHaveProperty("ETag");
      expect(operation.responses["304"]).toMatchObject({ headers: { ETag: expect.anything(), "X-Next-Updated-Since": expect.anything() } });
      expect(operation.responses["304"]).not.toHaveProperty("content");
    }
    expect(findOperation(doc, "getOrder").responses).not.toHaveProperty("304");
  });

  it("describes getBalance's balance as a patterned string", () => {
    const response = findOperation(doc, "getBalance").responses["200"];
    const schema = deref(doc, response.content!["application/json"].schema);
    const balance = (schema.properties as Record<string, JsonSchema>).balance;
    expect(balance.type).toBe("string");
    expect(typeof balance.pattern).toBe("string");
    expect(new RegExp(balance.pattern as string).test("12.50")).toBe(true);
    expect(new RegExp(balance.pattern as string).test("12.5")).toBe(false);
    expect(response.headers?.["X-RateLimit-Remaining"]).toEqual({ $ref: "#/components/headers/X-RateLimit-Remaining" });
  });

  it("puts schemas with an id into components and refers to them", () => {
    expect(findOperation(doc, "getMe").responses["200"].content!["application/json"].schema).toEqual({ $ref: "#/components/schemas/Account" });
    const list = deref(doc, findOperation(doc, "listTransactions").responses["200"].content!["application/json"].schema);
    expect(list.properties).toMatchObject({ data: { type: "array", items: { $ref: "#/components/schemas/Transaction" } } });
  });

  it("has the Error component with error.code, an enum of every documented code a client can switch on", () => {
    const error = doc.components.schemas.Error;
    expect(error).toBeDefined();
    const inner = (error.properties as Record<string, JsonSchema>).error;
    const code = (inner.properties as Record<string, JsonSchema>).code;
    expect(code).toMatchObject({ type: "string" });
    expect([...(code.enum as string[])].sort()).toEqual(Object.keys(ERROR_CODE_NOTES).sort());
    // Every code an operation's error responses name is one of the enum's.
    for (const listed of collect(doc.paths, "x-error-codes").flat()) expect(code.enum).toContain(listed);
    expect(inner.required).toEqual(expect.arrayContaining(["code", "message", "retryable", "request_id", "details"]));
  });

  it("declares X-Request-Id on every answer as required, Retry-After on a 429 and the challenge on a 401; the rate-limit headers, which a store outage leaves out, as optional", () => {
    const headers = doc.components.headers;
    expect(headers["X-Request-Id"].required).toBe(true);
    expect(headers["Retry-After"].required).toBe(true);
    expect(headers["WWW-Authenticate"].required).toBe(true);
    for (const name of ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"]) expect(headers[name].required).toBe(false);
    for (const operation of allOperations(doc)) {
      for (const [status, response] of Object.entries(operation.responses)) {
        expect(response.headers?.["X-Request-Id"], `${operation.operationId} ${status}`).toEqual({ $ref: "#/components/headers/X-Request-Id" });
      }
    }
  });

  it("leaves default out of request bodies, so generated clients keep those fields optional, and says it in words", () => {
    for (const operation of allOperations(doc)) {
      const body = operation.requestBody?.content["application/json"].schema;
      if (!body) continue;
      expect(collect(deref(doc, body), "default"), operation.operationId).toEqual([]);
    }
    const orderRequest = doc.components.schemas.OrderRequest;
    expect(orderRequest.required).toEqual(["sku"]);
    expect((orderRequest.properties as Record<string, JsonSchema>).quantity.description).toContain("Defaults to `1`");
    // Query parameters keep theirs: generators leave an optional parameter optional whatever its default.
    const limit = findOperation(doc, "listOrders").parameters!.find((parameter) => parameter.name === "limit")!;
    expect(limit).toMatchObject({ required: false, schema: { default: expect.any(Number) } });
  });

  it("declares no key on webhook deliveries and unauthenticated operations, and a licence and a description on every tag", () => {
    for (const [event, { post }] of Object.entries(doc.webhooks)) expect(post.security, event).toEqual([]);
    expect(doc.info.license).toMatchObject({ name: expect.any(String), identifier: expect.any(String) });
    for (const tag of doc.tags) expect(tag.description, tag.name).toMatch(/\w/);
  });

  it("documents the error responses of authenticated operations", () => {
    const authenticated = new Set(operations.filter((o) => o.auth === "reseller").flatMap((o) => [o.operationId, `${o.operationId}_reseller`]));
    expect(authenticated.size).toBeGreaterThan(0);
    for (const operation of allOperations(doc).filter((o) => authenticated.has(o.operationId))) {
      for (const status of ["401", "403", "429", "500"]) {
        expect(operation.responses[status]?.content?.["application/json"].schema, `${operation.operationId} ${status}`).toEqual({
          $ref: "#/components/schemas/Error",
        });
        expect(operation.responses[status]?.headers?.["X-RateLimit-Limit"], `${operation.operationId} ${status}`).toEqual({
          $ref: "#/components/headers/X-RateLimit-Limit",
        });
      }
      expect(operation.security).toEqual([{ apiKey: [] }, { bearer: [] }]);
    }
    const getTransaction = findOperation(doc, "getTransaction");
    expect(getTransaction.responses["404"]?.description).toContain("not_found");
    expect(getTransaction.responses["400"]?.description).toContain("validation_error");
    expect(findOperation(doc, "getBalance").responses["400"]["x-error-codes"]).toEqual(["validation_error"]);
    expect(findOperation(doc, "getBalance").responses["413"]).toBeUndefined();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: "apiKey", in: "header", name: "X-API-Key" });
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: "http", scheme: "bearer" });
  });

  it("documents 404 on every operation that names a resource in its path", () => {
    const named = operations.filter((o) => o.params);
    expect(named.map((o) => o.operationId)).toContain("getPayment");
    for (const operation of named) {
      expect(findOperation(doc, operation.operationId).responses["404"]?.description, operation.operationId).toContain("not_found");
    }
  });

  it("gives every 429 a Retry-After header", () => {
    const tooMany = allOperations(doc).flatMap((operation) => operation.responses["429"] ?? []);
    expect(tooMany.length).toBeGreaterThan(0);
    for (const response of tooMany) {
      expect(response.headers?.["Retry-After"]).toEqual({ $ref: "#/components/headers/Retry-After" });
    }
    expect(doc.components.headers["Retry-After"]).toBeDefined();
  });

  it("shows a refusal's example with the message and details the server answers it with", () => {
    const examples = (status: string) => findOperation(doc, "createOrder").responses[status].content!["application/json"].examples!;
    expect(examples("402").insufficient_balance.value).toMatchObject({
      error: { code: "insufficient_balance", message: "Balance 3.00 is below the amount 5.00.", details: { balance: "3.00", required: "5.00" } },
    });
    expect(examples("422").out_of_stock.value).toMatchObject({ error: { retryable: true, details: { sku: "giftcard-steam-us-20", available: 1 } } });
    expect(examples("409").duplicate_reference.value).toMatchObject({ error: { details: { order_id: expect.stringMatching(/^ord_/) } } });
  });

  it("gives every 401 the WWW-Authenticate challenge", () => {
    const refused = allOperations(doc).flatMap((operation) => operation.responses["401"] ?? []);
    expect(refused.length).toBeGreaterThan(0);
    for (const response of refused) {
      expect(response.headers?.["WWW-Authenticate"]).toEqual({ $ref: "#/components/headers/WWW-Authenticate" });
    }
    expect(doc.components.headers["WWW-Authenticate"]).toBeDefined();
  });

  it("describes in webhooks every event the app records, and the test event", () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual([...EVENT_TYPES, TEST_EVENT].sort());
    for (const [event, { post }] of Object.entries(doc.webhooks)) {
      const body = deref(doc, post.requestBody.content["application/json"].schema);
      expect(body.required, event).toEqual(["event", "event_id", "timestamp", "data"]);
      expect((body.properties as Record<string, JsonSchema>).event, event).toMatchObject({ const: event });
      expect(
        post.parameters.map((p) => p.name),
        event,
      ).toEqual(["X-Webhook-Signature", "X-Webhook-Event", "X-Webhook-Id", "webhook-id", "webhook-timestamp", "webhook-signature"]);
      expect(post.parameters.every((p) => p.in === "header" && p.required)).toBe(true);
      expect(Object.keys(post.responses)).toEqual(["2XX", "default"]);
      for (const text of [
        "{event, event_id, timestamp, data}",
        "at most 3 times",
        "at least once",
        "deduplicate by `event_id`",
        "may arrive before its `order.created`",
      ]) {
        expect(post.description, `${event}: ${text}`).toContain(text);
      }
    }
    const data = (event: string) =>
      deref(doc, (deref(doc, doc.webhooks[event].post.requestBody.content["application/json"].schema).properties as Record<string, JsonSchema>).data);
    expect(doc.webhooks["order.created"].post.requestBody.content["application/json"].schema).toMatchObject({
      properties: { data: { $ref: "#/components/schemas/OrderEvent" } },
    });
    // The seed's events carry the order record as it was before claims: the API's record adds `claim`, they do not.
    expect(data("order.status_changed").required).toEqual(
      expect.arrayContaining([...(doc.components.schemas.OrderEvent.required as string[]), "previous_status"]),
    );
    expect(doc.components.schemas.Order.required).toEqual([...(doc.components.schemas.OrderEvent.required as string[]), "claim"]);
    expect(data("order.status_changed").properties).not.toHaveProperty("claim");
    expect(data("manual_service.chat.waiting_reply").required).toEqual(["order_id", "type", "message_preview", "waiting_since"]);
    expect(doc.info.description).toContain("## Webhooks");
  });

  it("says which key signs which signature header", () => {
    const header = (name: string) => doc.webhooks["order.created"].post.parameters.find((p) => p.name === name)?.description ?? "";
    expect(header("X-Webhook-Signature")).toContain("keyed with the whole secret");
    expect(header("webhook-signature")).toContain("keyed with the base64-decoded part of the secret after `whsec_`");
    expect(header("webhook-timestamp")).toContain("of this attempt");
  });

  it("documents a test delivery as the app builds and signs it", () => {
    const eventId = "3f0c2a4e-8b1d-4c6f-9a7e-2d5b8c1e0f93";
    const body = testEventBody(eventId, new Date());
    const headers = Object.fromEntries(
      Object.entries(deliveryHeaders({ secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", eventId, event: TEST_EVENT, body })).map(([k, v]) => [
        k.toLowerCase(),
        v,
      ]),
    );
    expect(undocumentedInDelivery(doc, { headers, body })).toEqual([]);
    // The check itself refuses what the document does not allow.
    expect(undocumentedInDelivery(doc, { headers, body: body.replace('"test"}', '"test","extra":1}') })).toEqual([
      "body.data should NOT have additional properties",
    ]);
    expect(undocumentedInDelivery(doc, { headers: { ...headers, "webhook-signature": "v1,short" }, body })).toEqual([
      expect.stringContaining("header webhook-signature"),
    ]);
    expect(undocumentedInDelivery(doc, { headers, body: body.replace(TEST_EVENT, "order.deleted") })).toEqual([
      'no webhook documented for event "order.deleted"',
    ]);
  });

  it("resolves every $ref and leaves no $schema", () => {
    const refs = collect(doc, "$ref");
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      expect(typeof ref).toBe("string");
      expect(ref as string).toMatch(/^#\/components\/(schemas|headers)\//);
      expect(resolvePointer(doc, ref as string), ref as string).toBeDefined();
    }
    expect(collect(doc, "$schema")).toEqual([]);
    expect(collect(doc, "$defs")).toEqual([]);
  });

  it("has responses on every operation and unique operationIds", () => {
    const all = allOperations(doc);
    expect(all).toHaveLength(operations.length + operations.filter((o) => o.resellerPath).length);
    for (const operation of all) {
      expect(Object.keys(operation.responses).length).toBeGreaterThan(1);
      expect(operation.summary).toBeTruthy();
    }
    const ids = all.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("is deterministic and JSON-serialisable", () => {
    const again = buildOpenApiDocument(operations);
    expect(JSON.stringify(again)).toBe(JSON.stringify(doc));
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
    expect(buildOpenApiDocument(operations, { serverUrl: "https://example.test" }).servers).toEqual([
      { url: "https://example.test", description: expect.any(String) },
    ]);
  });

  it("handles bodies, unauthenticated operations and input/output views of one id", () => {
    const item = z.object({ sku: z.string(), quantity: z.number().int().default(1) }).meta({ id: "TestItem" });
    const create = defineOperation({
      operationId: "createTestItem",
      summary: "Create",
      tag: "Test",
      method: "POST",
      path: "/api/v2/test-items",
      resellerPath: "/api/test/items",
      category: "order_create",
      auth: "reseller",
      scope: "orders:write",
      body: item,
      response: item,
      successStatus: 201,
      errors: ["insufficient_balance", "out_of_stock", "wrong_category"],
    });
    const open = defineOperation({
      operationId: "openThing",
      summary: "Open",
      tag: "Test",
      method: "GET",
      path: "/api/v2/open",
      category: "default",
      auth: "none",
      response: z.object({ ok: z.boolean() }),
    });
    const built = buildOpenApiDocument([create, open] as Operation[]);
    const post = built.paths["/api/v2/test-items"].post!;
    expect(post.requestBody).toEqual({ required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/TestItemInput" } } } });
    expect(post.responses["201"].content!["application/json"].schema).toEqual({ $ref: "#/components/schemas/TestItem" });
    expect(built.components.schemas.TestItem.required).toEqual(["sku", "quantity"]);
    expect(built.components.schemas.TestItemInput.required).toEqual(["sku"]);
    expect(post.responses["400"]["x-error-codes"]).toEqual(["validation_error", "invalid_json"]);
    expect(post.responses["402"]["x-error-codes"]).toEqual(["insufficient_balance"]);
    expect(post.responses["413"]["x-error-codes"]).toEqual(["payload_too_large"]);
    expect(post.responses["422"]["x-error-codes"]).toEqual(["out_of_stock", "wrong_category"]);
    expect(built.paths["/api/test/items"].post?.operationId).toBe("createTestItem_reseller");

    const get = built.paths["/api/v2/open"].get!;
    expect(get.security).toEqual([]);
    expect(Object.keys(get.responses).sort()).toEqual(["200", "400", "500", "503"]);
    expect(get.responses["400"]["x-error-codes"]).toEqual(["validation_error"]);
    for (const ref of collect(built, "$ref")) expect(resolvePointer(built, ref as string), ref as string).toBeDefined();
  });

  it("refuses two different schemas under one id", () => {
    const one = defineOperation({
      operationId: "one",
      summary: "One",
      tag: "Test",
      method: "GET",
      path: "/api/v2/one",
      category: "default",
      auth: "none",
      response: z.object({ a: z.string() }).meta({ id: "Clash" }),
    });
    const two = { ...one, operationId: "two", path: "/api/v2/two", response: z.object({ b: z.string() }).meta({ id: "Clash" }) };
    expect(() => buildOpenApiDocument([one, two] as Operation[])).toThrow(/Clash/);
  });
});
