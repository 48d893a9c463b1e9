import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/api-keys/manage-keys";
import { setDatabase, type Database } from "@/lib/db/client";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { CLIENT_IP_HEADER } from "@/lib/http/client-ip";
import { resellerWithBalance } from "@/lib/orders/testing/helpers";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { dispatchApiRequest } from "./api-dispatch";
import { loadApiRoutes } from "./api-routes";
import { refuseMalformedPath } from "./malformed-path";
import { captureLog } from "@/lib/observability/testing/capture-log";

/** The error lines the process logged meanwhile. */
const errors = (log: ReturnType<typeof captureLog>) => log.lines().filter((line) => Number(line.level) >= 50);

/** What the dispatcher leaves to Next; the status stands for Next answering. */
const LEFT_TO_NEXT = 418;

describe(`the server's API dispatch, with the app's own route handlers (${testDriver()})`, () => {
  let database: Database;
  let server: Server;
  let base: string;
  let key: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureTariffs(database.db);
    setDatabase(database);
    const reseller = await resellerWithBalance(database.db, 12_500_000n);
    key = (await createApiKey(database.db, { userId: reseller.id, name: "dispatch" })).key;
    const routes = await loadApiRoutes(path.join(process.cwd(), "app", "api"));
    server = createServer((req, res) => {
      req.headers[CLIENT_IP_HEADER] = "203.0.113.9";
      if (refuseMalformedPath(req, res) || dispatchApiRequest(routes, req, res)) return;
      res.writeHead(LEFT_TO_NEXT).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    setDatabase(undefined);
    await database.close();
  });

  it("answers an API-key call from its route handler, with the API's headers and a length", async () => {
    const response = await fetch(`${base}/api/v2/balance`, { headers: { "X-API-Key": key } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ balance: "12.50", currency: "USD" });
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get("x-ratelimit-limit")).not.toBeNull();
    expect(response.headers.get("content-length")).toBe(String(Buffer.byteLength(JSON.stringify({ balance: "12.50", currency: "USD" }))));
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("takes the key as a Bearer token too, and answers a bad key with the error body", async () => {
    const bearer = await fetch(`${base}/api/balance`, { headers: { Authorization: `Bearer ${key}` } });
    expect(bearer.status).toBe(200);
    const wrong = await fetch(`${base}/api/v2/balance`, { headers: { "X-API-Key": "rk_live_not-a-key" } });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error.code).toBe("unauthenticated");
  });

  it("gzips a large answer when the client asks, as Next does", async () => {
    const response = await fetch(`${base}/api/v2/openapi.json`, { headers: { "X-API-Key": key, "Accept-Encoding": "gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    expect((await response.json()).openapi).toMatch(/^3\./);
  });

  it("names Accept-Encoding in Vary once on an answer too small to gzip, beside the API's own headers", async () => {
    const response = await fetch(`${base}/api/v2/balance`, { headers: { "X-API-Key": key, "Accept-Encoding": "gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get("x-ratelimit-limit")).toMatch(/^\d+$/);
    expect(Number(response.headers.get("content-length"))).toBe((await response.text()).length);
  });

  it("sends a client that names no encoding the plain body, still with Vary", async () => {
    const { status, headers, body } = await new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
      const req = httpRequest(`${base}/api/v2/openapi.json`, { headers: { "X-API-Key": key } }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
      });
      req.on("error", reject).end();
    });
    expect(status).toBe(200);
    expect(headers["content-encoding"]).toBeUndefined();
    expect(headers.vary).toBe("Accept-Encoding");
    expect(JSON.parse(body).openapi).toMatch(/^3\./);
  });

  it("hands the handler the request body and the path's decoded params", async () => {
    const bad = await fetch(`${base}/api/v2/order`, { method: "POST", headers: { "X-API-Key": key, "Content-Type": "application/json" }, body: "{bad" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe("invalid_json");
    const unknown = await fetch(`${base}/api/v2/order`, {
      method: "POST",
      headers: { "X-API-Key": key, "Content-Type": "application/json" },
      body: JSON.stringify({ sku: "no-such-sku" }),
    });
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).error.details).toMatchObject({ sku: "no-such-sku" });
    const longKey = await fetch(`${base}/api/v2/order`, {
      method: "POST",
      headers: { "X-API-Key": key, "Content-Type": "application/json", "Idempotency-Key": "k".repeat(256) },
      body: JSON.stringify({ sku: "no-such-sku" }),
    });
    expect(longKey.status).toBe(400);
    expect((await longKey.json()).error).toMatchObject({ code: "validation_error", details: { issues: [{ path: "header.Idempotency-Key" }] } });
    const missing = await fetch(`${base}/api/v2/order/ord%5F01ARZ3NDEKTSV4RRFFQ69G5FAV`, { headers: { "X-API-Key": key } });
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.code).toBe("not_found");
  });

  it("refuses a body sent as text, a form or multipart with 415 before reading it as JSON; takes JSON with a charset or a +json type", async () => {
    const order = JSON.stringify({ sku: "no-such-sku" });
    for (const [type, sent] of [
      ["text/plain;charset=UTF-8", "as text/plain"],
      ["application/x-www-form-urlencoded", "as application/x-www-form-urlencoded"],
      ["multipart/form-data; boundary=x", "as multipart/form-data"],
      ["application/jsonp", "as application/jsonp"],
      [null, "with no Content-Type"],
    ] as const) {
      const headers: Record<string, string> = { "X-API-Key": key };
      const body = type === null ? new Blob([order]) : order;
      if (type) headers["Content-Type"] = type;
      const response = await fetch(`${base}/api/v2/order`, { method: "POST", headers, body });
      expect(response.status, String(type)).toBe(415);
      expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      expect((await response.json()).error).toMatchObject({
        code: "unsupported_media_type",
        message: `Send the body as JSON with Content-Type: application/json; it came ${sent}.`,
        retryable: false,
      });
    }
    for (const type of ["application/json; charset=utf-8", "Application/JSON", "application/merge-patch+json"]) {
      const response = await fetch(`${base}/api/v2/order`, { method: "POST", headers: { "X-API-Key": key, "Content-Type": type }, body: order });
      expect(response.status, type).toBe(422);
      expect((await response.json()).error.details).toMatchObject({ sku: "no-such-sku" });
    }
  });

  it("takes a write without a body whatever its Content-Type, or with none: the operation answers", async () => {
    for (const headers of [{ "X-API-Key": key }, { "X-API-Key": key, "Content-Type": "text/plain" }] as Record<string, string>[]) {
      const response = await fetch(`${base}/api/v2/account/webhook/secret/regenerate`, { method: "POST", headers });
      // This reseller has no webhook to rotate the secret of.
      expect(response.status).toBe(404);
      expect((await response.json()).error.code).toBe("not_found");
    }
  });

  it("answers a body over 64 KiB with 413 without reading the rest, and closes the connection", async () => {
    const { status, headers, body } = await new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
      const req = httpRequest(`${base}/api/v2/order`, { method: "POST", headers: { "X-API-Key": key, "Content-Type": "application/json" } }, (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      });
      req.on("error", reject);
      // Chunked, with no length declared: the limit has to be found while reading.
      for (let i = 0; i < 80; i++) req.write("x".repeat(1024));
      req.end();
    });
    expect(status).toBe(413);
    expect(headers.connection).toBe("close");
    expect(JSON.parse(body).error.code).toBe("payload_too_large");
  });

  it("answers a body declared over 64 KiB with 413 at once, though the body never comes", async () => {
    const { status, headers, body } = await new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
      const req = httpRequest(
        `${base}/api/v2/order`,
        { method: "POST", headers: { "X-API-Key": key, "Content-Type": "application/json", "Content-Length": String(10 * 1024 * 1024) } },
        (res) => {
          let text = "";
          res.on("data", (chunk: Buffer) => (text += chunk.toString()));
          res.on("end", () => {
            req.destroy();
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text });
          });
        },
      );
      req.on("error", reject);
      req.write("{}");
    });
    expect(status).toBe(413);
    expect(headers.connection).toBe("close");
    expect(JSON.parse(body).error.code).toBe("payload_too_large");
  });

  it("lets a client hang up in the middle of its body without an error logged, and goes on serving", async () => {
    const logged = captureLog();
    try {
      await new Promise<void>((resolve) => {
        const req = httpRequest(`${base}/api/v2/order`, {
          method: "POST",
          headers: { "X-API-Key": key, "Content-Type": "application/json", "Content-Length": "1000" },
        });
        req.on("error", () => resolve());
        req.write('{"sku":', () => setTimeout(() => req.destroy(), 50));
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(errors(logged)).toEqual([]);
      expect((await fetch(`${base}/api/v2/balance`, { headers: { "X-API-Key": key } })).status).toBe(200);
    } finally {
      logged.restore();
    }
  });

  it("answers a method the route does not take with 405, the error body and Allow, with or without a key", async () => {
    for (const headers of [{ "X-API-Key": key }, {}] as Record<string, string>[]) {
      const response = await fetch(`${base}/api/v2/balance`, { method: "DELETE", headers });
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
      expect((await response.json()).error.code).toBe("method_not_allowed");
    }
  });

  it("answers HEAD on a route without GET with 405, Allow and a request id, and no body", async () => {
    for (const headers of [{ "X-API-Key": key }, {}] as Record<string, string>[]) {
      const response = await fetch(`${base}/api/v2/order`, { method: "HEAD", headers });
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("POST, OPTIONS");
      expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      expect(await response.text()).toBe("");
    }
  });

  it("answers OPTIONS with 204, Allow, a request id and nosniff, with or without a key", async () => {
    for (const headers of [{ "X-API-Key": key }, {}] as Record<string, string>[]) {
      const response = await fetch(`${base}/api/v2/order`, { method: "OPTIONS", headers });
      expect(response.status).toBe(204);
      expect(response.headers.get("allow")).toBe("POST, OPTIONS");
      expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(await response.text()).toBe("");
    }
  });

  it("answers a method next-auth's catch-all does not take with 405, the error body and Allow, and leaves the ones it takes to Next", async () => {
    for (const method of ["DELETE", "PUT", "TRACE", "PROPFIND"]) {
      const { status, headers, body } = await new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
        const req = httpRequest(`${base}/api/auth/session`, { method }, (res) => {
          let text = "";
          res.on("data", (chunk: Buffer) => (text += chunk.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
        });
        req.on("error", reject).end();
      });
      expect(status, method).toBe(405);
      expect(headers.allow).toBe("GET, POST, HEAD, OPTIONS");
      expect(headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
      expect(JSON.parse(body).error).toMatchObject({
        code: "method_not_allowed",
        message: `/api/auth/[...nextauth] does not take ${method}; it takes GET, POST, HEAD, OPTIONS.`,
      });
    }
    const options = await fetch(`${base}/api/auth/callback/credentials`, { method: "OPTIONS" });
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("GET, POST, HEAD, OPTIONS");
    expect(options.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    for (const method of ["GET", "POST", "HEAD"]) {
      expect((await fetch(`${base}/api/auth/session`, { method, headers: { "X-API-Key": key } })).status, method).toBe(LEFT_TO_NEXT);
    }
  });

  it("leaves to Next calls without a key, HEAD, unknown paths and paths not in their plain form", async () => {
    const leftToNext: [string, RequestInit][] = [
      ["/api/v2/balance", {}],
      ["/api/v2/balance", { headers: { Cookie: "next-auth.session-token=x" } }],
      ["/api/v2/balance", { method: "HEAD", headers: { "X-API-Key": key } }],
      ["/api/v2/balance/", { headers: { "X-API-Key": key } }],
      ["/api/v2//balance", { headers: { "X-API-Key": key } }],
      ["/api/v2/nothing", { headers: { "X-API-Key": key } }],
      ["/login", { headers: { "X-API-Key": key } }],
    ];
    for (const [target, init] of leftToNext) {
      expect((await fetch(`${base}${target}`, init)).status, `${init.method ?? "GET"} ${target}`).toBe(LEFT_TO_NEXT);
    }
  });

  it("answers an API path with a . or .. segment, plain or escaped, with the 404 error body: never a redirect, never another endpoint", async () => {
    for (const [method, target] of [
      ["POST", "/api/v2/order/."],
      ["POST", "/api/v2/order/%2E"],
      ["GET", "/api/v2/./balance"],
      ["GET", "/api/v2/orders/ord_x/.."],
      ["GET", "/api/v2/orders/%2e%2e?limit=1"],
      ["DELETE", "/api/v2/nothing/."],
    ]) {
      // Sent as written: fetch, as every WHATWG URL parser, would resolve the segments first.
      const { status, headers, body } = await new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
        const req = httpRequest(`${base}/`, { method, path: target, headers: { "X-API-Key": key, "Content-Type": "application/json" } }, (res) => {
          let text = "";
          res.on("data", (chunk: Buffer) => (text += chunk.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
        });
        req.on("error", reject).end(method === "POST" ? "{}" : undefined);
      });
      expect(status, `${method} ${target}`).toBe(404);
      expect(headers.location).toBeUndefined();
      expect(headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
      expect(JSON.parse(body).error).toMatchObject({
        code: "not_found",
        message: `No API endpoint at ${method} ${target.split("?")[0]}: send the path without "." or ".." segments.`,
      });
    }
  });

  it("answers a path with a malformed escape with 400: the error body under /api, text elsewhere", async () => {
    const api = await fetch(`${base}/api/v2/order/%E0%A4%A`, { headers: { "X-API-Key": key } });
    expect(api.status).toBe(400);
    expect((await api.json()).error).toMatchObject({
      code: "validation_error",
      message: "path: Has a malformed percent escape.",
      details: { issues: [{ path: "path", message: "Has a malformed percent escape." }] },
    });
    const page = await fetch(`${base}/orders/%E0%A4%A`);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain("malformed percent escape");
  });
});
