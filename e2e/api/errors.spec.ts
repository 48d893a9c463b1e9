import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { gzipSync } from "node:zlib";
import { expect, test } from "../support/test";

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request sent as written: any method (fetch refuses TRACE), and a path no URL parser has resolved. */
function sendAsWritten(baseURL: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<RawAnswer> {
  const base = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: base.hostname, port: base.port, method, path, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on("error", reject).end(body);
  });
}

const NO_LEAK = /\bat .+:\d+|node_modules|SELECT |Error:/;

test.describe("error bodies", () => {
  test("a body that is not JSON is 400 invalid_json", async ({ request, fixtures }) => {
    const response = await request.post("/api/v2/subscription/auto-renew", {
      headers: { "X-API-Key": fixtures.alice.apiKey, "Content-Type": "application/json" },
      data: Buffer.from("{enabled: yes"),
    });
    expect(response.status()).toBe(400);
    expect((await response.json()).error).toMatchObject({ code: "invalid_json", retryable: false });
  });

  test("a compressed body is 400 invalid_json saying to send it uncompressed, not 'not valid UTF-8', and never read as if plain", async ({
    request,
    fixtures,
  }) => {
    const headers = { "X-API-Key": fixtures.alice.apiKey, "Content-Type": "application/json", "Content-Encoding": "gzip" };
    for (const data of [gzipSync('{"enabled": false}'), Buffer.from('{"enabled": false}')]) {
      const response = await request.post("/api/v2/subscription/auto-renew", { headers, data });
      expect(response.status()).toBe(400);
      expect((await response.json()).error).toMatchObject({
        code: "invalid_json",
        message: "Send the body uncompressed: a Content-Encoding (here gzip) is not taken.",
      });
    }
  });

  test("an unknown field is 400 validation_error naming it", async ({ request, fixtures }) => {
    const response = await request.post("/api/v2/subscription/auto-renew", {
      headers: { "X-API-Key": fixtures.alice.apiKey },
      data: { enabled: true, colour: "blue" },
    });
    expect(response.status()).toBe(400);
    const { error } = await response.json();
    expect(error.code).toBe("validation_error");
    expect(error.details.issues).toEqual([{ path: "colour", message: "Unknown field." }]);
  });

  test("a wrong type is 400 validation_error with the field's path", async ({ request, fixtures }) => {
    const response = await request.post("/api/subscription/auto-renew", {
      headers: { "X-API-Key": fixtures.alice.apiKey },
      data: { enabled: "yes" },
    });
    expect(response.status()).toBe(400);
    const { error } = await response.json();
    expect(error.details.issues).toHaveLength(1);
    expect(error.details.issues[0].path).toBe("enabled");
  });

  test("a missing field is 'Required', and the message is one sentence naming each issue", async ({ request, fixtures }) => {
    const response = await request.post("/api/v2/order", { headers: { "X-API-Key": fixtures.daveSecondKey }, data: { quantity: 0 } });
    expect(response.status()).toBe(400);
    const { error } = await response.json();
    expect(error.details.issues).toContainEqual({ path: "sku", message: "Required." });
    expect(error.message).toMatch(/^sku: Required; quantity: [^;]+[^.]\.$/);
  });

  test("a NUL character anywhere in a body is 400 validation_error, never a database error", async ({ request, fixtures }) => {
    const response = await request.post("/api/v2/order", {
      headers: { "X-API-Key": fixtures.alice.apiKey },
      data: { sku: "topup-mlbb-86", fields: { player_id: "12\u00003456", zone_id: "1" } },
    });
    expect(response.status()).toBe(400);
    expect((await response.json()).error.details.issues).toEqual([{ path: "fields.player_id", message: "Must not contain a NUL character." }]);
  });

  test("a __proto__ key is an unknown field like any other, in the body or in its fields, never silently dropped", async ({ request, fixtures }) => {
    const order = (body: string) =>
      request.post("/api/v2/order", { headers: { "X-API-Key": fixtures.daveSecondKey, "Content-Type": "application/json" }, data: Buffer.from(body) });
    for (const [body, path] of [
      ['{"sku":"giftcard-steam-us-20","fields":{"__proto__":"x"}}', "fields.__proto__"],
      ['{"sku":"giftcard-steam-us-20","fields":{"__proto__":{"player_id":"123456"}}}', "fields.__proto__"],
      ['{"__proto__":{"quantity":2},"sku":"giftcard-steam-us-20"}', "__proto__"],
    ]) {
      const response = await order(body);
      expect(response.status(), body).toBe(400);
      expect((await response.json()).error.details.issues, body).toEqual([{ path, message: "Unknown field." }]);
    }
    const query = await request.get("/api/v2/orders?__proto__=1", { headers: { "X-API-Key": fixtures.daveSecondKey } });
    expect(query.status()).toBe(400);
    expect((await query.json()).error.details.issues).toEqual([{ path: "query.__proto__", message: "Unknown field." }]);
  });

  test("a lone surrogate escape in a body is 400 validation_error, never a database error; a pair is text", async ({ request, fixtures }) => {
    const order = (details: string) =>
      request.post("/api/v2/order", {
        headers: { "X-API-Key": fixtures.dave.apiKey, "Content-Type": "application/json" },
        // Written out, since JSON.stringify would escape the halves just so, and Playwright would send them as U+FFFD.
        data: Buffer.from(`{"sku":"manual-account-recovery","fields":{"details":"${details}"}}`),
      });
    for (const lone of ["help \\ud83d me", "\\udc00"]) {
      const response = await order(lone);
      expect(response.status(), lone).toBe(400);
      expect((await response.json()).error.details.issues).toEqual([
        { path: "fields.details", message: "Must be well-formed Unicode: a \\uD800-\\uDFFF escape must be half of a surrogate pair." },
      ]);
    }
    const paired = await order("help \\ud83d\\ude00 me");
    expect(paired.status()).toBe(201);
    expect((await paired.json()).fields).toEqual({ details: "help 😀 me" });
  });

  test("bytes that are not UTF-8 are refused, in a body or a query, never stored as U+FFFD", async ({ request, fixtures }) => {
    const headers = { "X-API-Key": fixtures.dave.apiKey };
    const latin1 = await request.post("/api/v2/order", {
      headers: { ...headers, "Content-Type": "application/json" },
      data: Buffer.concat([Buffer.from('{"sku":"giftcard-steam-us-20","reference":"caf'), Buffer.from([0xe9]), Buffer.from('"}')]),
    });
    expect(latin1.status()).toBe(400);
    expect((await latin1.json()).error).toMatchObject({ code: "invalid_json", message: "The body is not valid UTF-8." });

    const query = await request.get("/api/v2/orders?limit=5&reference=caf%E9", { headers });
    expect(query.status()).toBe(400);
    expect((await query.json()).error.details.issues).toEqual([{ path: "query.reference", message: "Must be UTF-8 once percent-decoded." }]);
    // U+FFFD itself, spelled as UTF-8, is text like any other.
    expect((await request.get("/api/v2/orders?limit=5&reference=caf%EF%BF%BD", { headers })).status()).toBe(200);
  });

  test("a reference with a control or direction character is 400 at body.reference", async ({ request, fixtures }) => {
    for (const reference of ["shop\u001b[31m-1", "\u202eshop-1"]) {
      const response = await request.post("/api/v2/order", {
        headers: { "X-API-Key": fixtures.dave.apiKey },
        data: { sku: "giftcard-steam-us-20", reference },
      });
      expect(response.status(), JSON.stringify(reference)).toBe(400);
      expect((await response.json()).error.details.issues).toEqual([
        { path: "reference", message: "Must not contain control characters, direction overrides or invisible characters." },
      ]);
    }
  });

  test("a body nested deeper than 32 levels is 400 validation_error, however deep", async ({ request, fixtures }) => {
    const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
    // 40 levels, then 30,000: a body just under 64 KiB, deeper than a recursive search could go.
    for (const depth of [40, 30_000]) {
      const response = await request.post("/api/platformtopup/check-login", {
        headers: { "X-API-Key": fixtures.alice.apiKey, "Content-Type": "application/json" },
        data: Buffer.from(`{"login":${nested(depth)}}`),
      });
      expect(response.status(), `${depth} levels`).toBe(400);
      const { error } = await response.json();
      expect(error.code).toBe("validation_error");
      expect(error.details.issues).toEqual([{ path: ["login", ...Array(31).fill("0")].join("."), message: "Must not be nested more than 32 levels deep." }]);
    }
  });

  test("a valid body is applied", async ({ request, fixtures }) => {
    const response = await request.post("/api/v2/subscription/auto-renew", { headers: { "X-API-Key": fixtures.alice.apiKey }, data: { enabled: false } });
    expect(response.status()).toBe(200);
    // The answer is the whole subscription record, with the change applied.
    expect(await response.json()).toMatchObject({ auto_renew: false, tier: "Bronze", status: "active" });
  });

  test("a body over 64 KiB is 413 payload_too_large", async ({ request, fixtures }) => {
    const response = await request.post("/api/v2/subscription/auto-renew", {
      headers: { "X-API-Key": fixtures.alice.apiKey, "Content-Type": "application/json" },
      data: Buffer.from(JSON.stringify({ enabled: true, padding: "x".repeat(70 * 1024) })),
    });
    expect(response.status()).toBe(413);
    expect((await response.json()).error.code).toBe("payload_too_large");
  });

  test("a bad query parameter is 400 with its path", async ({ request, fixtures }) => {
    const response = await request.get("/api/v2/transactions?limit=500", { headers: { "X-API-Key": fixtures.alice.apiKey } });
    expect(response.status()).toBe(400);
    const { error } = await response.json();
    expect(error.code).toBe("validation_error");
    expect(error.details.issues[0].path).toBe("query.limit");
  });

  test("a query parameter the operation does not take is 400 naming it, before anything is done; a bare ? is none", async ({ request, fixtures }) => {
    const headers = { "X-API-Key": fixtures.alice.apiKey };
    const balance = await request.get("/api/v2/balance?currency=EUR", { headers });
    expect(balance.status()).toBe(400);
    expect((await balance.json()).error).toMatchObject({
      code: "validation_error",
      details: { issues: [{ path: "query.currency", message: "Unknown field." }] },
    });
    expect((await request.get("/api/v2/balance?", { headers })).status()).toBe(200);

    const buyer = { "X-API-Key": fixtures.daveSecondKey };
    const before = (await (await request.get("/api/v2/balance", { headers: buyer })).json()).balance;
    const order = await request.post("/api/v2/gift-cards?dry_run=1", { headers: buyer, data: { sku: "giftcard-steam-us-20", quantity: 1 } });
    expect(order.status()).toBe(400);
    expect((await order.json()).error.details.issues).toEqual([{ path: "query.dry_run", message: "Unknown field." }]);
    expect((await (await request.get("/api/v2/balance", { headers: buyer })).json()).balance).toBe(before);
  });

  test("a query parameter given twice is 400 saying so, even when each value would do", async ({ request, fixtures }) => {
    const headers = { "X-API-Key": fixtures.daveSecondKey };
    for (const query of ["limit=1&limit=2", "status=completed&status=failed", "limit=5&type=topup&limit=5"]) {
      const response = await request.get(`/api/v2/orders?${query}`, { headers });
      expect(response.status(), query).toBe(400);
      expect((await response.json()).error.details.issues, query).toEqual([
        { path: `query.${query.split("=")[0]}`, message: "Given more than once: send each parameter once." },
      ]);
    }
  });

  test("a cursor that is not one of the list's is 400, not an empty page", async ({ request, fixtures }) => {
    const headers = { "X-API-Key": fixtures.alice.apiKey };
    for (const cursor of ["not-a-cursor", "ord_01M87M5WSDH1B9XQ7KG92KC87C", "txn_%27%3Bdrop"]) {
      const response = await request.get(`/api/v2/transactions?cursor=${cursor}`, { headers });
      expect(response.status(), cursor).toBe(400);
      expect((await response.json()).error.details.issues).toEqual([
        { path: "query.cursor", message: "Not a cursor of this list: pass the next_cursor of the page before." },
      ]);
    }
  });

  test("a time filter in the year 0, which Postgres has not, is 400; the year 1 is a filter", async ({ request, fixtures }) => {
    const headers = { "X-API-Key": fixtures.alice.apiKey };
    for (const from of ["0000-01-01T00:00:00Z", "0001-01-01T00:00:00%2B05:00"]) {
      const response = await request.get(`/api/v2/orders?from=${from}`, { headers });
      expect(response.status(), from).toBe(400);
      expect((await response.json()).error.details.issues).toEqual([{ path: "query.from", message: "Must be in the year 1 or later." }]);
    }
    const yearOne = await request.get("/api/v2/orders?from=0001-01-01T00:00:00Z&to=0001-12-31T23:59:59Z", { headers });
    expect(yearOne.status()).toBe(200);
    expect((await yearOne.json()).data).toEqual([]);
  });

  test("unknown API paths answer the JSON error body with 404", async ({ request }) => {
    for (const path of ["/api/v2/nothing-here", "/api/nope/deeper", "/api/v2/transactions/x/y"]) {
      const response = await request.post(path, { data: {} });
      expect(response.status(), path).toBe(404);
      expect((await response.json()).error.code).toBe("not_found");
    }
  });

  test("unknown API paths answer OPTIONS and HEAD with 404 and a request id, not an Allow of every method", async ({ request }) => {
    for (const method of ["OPTIONS", "HEAD"]) {
      const response = await request.fetch("/api/v2/nothing-here", { method });
      expect(response.status(), method).toBe(404);
      expect(response.headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.headers()["allow"]).toBeUndefined();
    }
    expect((await (await request.fetch("/api/nope/deeper", { method: "OPTIONS" })).json()).error.code).toBe("not_found");
  });

  test("a method the path does not take is 405 with the error body and Allow, with a key or without", async ({ request, fixtures }) => {
    for (const headers of [{ "X-API-Key": fixtures.alice.apiKey }, {}] as Record<string, string>[]) {
      const response = await request.delete("/api/v2/balance", { headers });
      expect(response.status()).toBe(405);
      expect(response.headers()["allow"]).toBe("GET, HEAD, OPTIONS");
      expect((await response.json()).error.code).toBe("method_not_allowed");
    }
  });

  test("an API path with a trailing slash is served as the path without it, not redirected; a page keeps its redirect", async ({ request, fixtures }) => {
    const headers = { "X-API-Key": fixtures.alice.apiKey };
    const noRedirect = { maxRedirects: 0 };
    const balance = await request.get("/api/v2/balance/", { headers, ...noRedirect });
    expect(balance.status()).toBe(200);
    expect(balance.headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(await balance.json()).toMatchObject({ currency: "USD" });
    const order = await request.post("/api/v2/order/?", { headers, data: { sku: "", quantity: 1 }, ...noRedirect });
    expect(order.status()).toBe(400);
    expect((await order.json()).error.details.issues).toContainEqual({ path: "sku", message: expect.any(String) });
    const keyless = await request.get("/api/v2/orders/?limit=2", noRedirect);
    expect(keyless.status()).toBe(401);
    expect((await keyless.json()).error.code).toBe("unauthenticated");
    const unknown = await request.get("/api/v2/nothing-here/", noRedirect);
    expect(unknown.status()).toBe(404);
    expect((await unknown.json()).error.code).toBe("not_found");
    const page = await request.get("/orders/", noRedirect);
    expect(page.status()).toBe(308);
    expect(page.headers()["location"]).toBe("/orders");
  });

  test("an API path with doubled slashes (a base URL ending in / joined to /order) is served, not redirected", async ({ request, fixtures }) => {
    const headers = { "X-API-Key": fixtures.daveSecondKey };
    const noRedirect = { maxRedirects: 0 };
    const orders = await request.get("/api/v2//orders?limit=1", { headers, ...noRedirect });
    expect(orders.status()).toBe(200);
    expect(orders.headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(await orders.json()).toMatchObject({ data: expect.any(Array) });
    const order = await request.post("/api//v2//order", { headers, data: { sku: "", quantity: 1 }, ...noRedirect });
    expect(order.status()).toBe(400);
    expect((await order.json()).error.details.issues).toContainEqual({ path: "sku", message: expect.any(String) });
    const unknown = await request.get("/api/v2//nothing-here", noRedirect);
    expect(unknown.status()).toBe(404);
    expect((await unknown.json()).error.code).toBe("not_found");
  });

  test("a body sent as text, a form or multipart is 415 unsupported_media_type, not read as JSON; JSON with a charset is taken", async ({
    request,
    fixtures,
  }) => {
    const headers = { "X-API-Key": fixtures.alice.apiKey };
    for (const [type, data] of [
      ["text/plain", '{"enabled": false}'],
      ["application/x-www-form-urlencoded", "enabled=false"],
      ["multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="enabled"\r\n\r\nfalse\r\n--x--\r\n'],
    ]) {
      const response = await request.post("/api/v2/subscription/auto-renew", { headers: { ...headers, "Content-Type": type }, data: Buffer.from(data) });
      expect(response.status(), type).toBe(415);
      expect(response.headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
      expect((await response.json()).error).toMatchObject({
        code: "unsupported_media_type",
        message: `Send the body as JSON with Content-Type: application/json; it came as ${type.split(";")[0]}.`,
      });
    }
    const charset = await request.post("/api/v2/subscription/auto-renew", {
      headers: { ...headers, "Content-Type": "application/json; charset=utf-8" },
      data: Buffer.from('{"enabled": true}'),
    });
    expect(charset.status()).toBe(200);
  });

  test("API answers carry X-Content-Type-Options: nosniff, from the server's own dispatch and through Next", async ({ request, fixtures }) => {
    for (const headers of [{ "X-API-Key": fixtures.alice.apiKey }, {}] as Record<string, string>[]) {
      for (const path of ["/api/v2/balance", "/api/v2/openapi.json", "/api/v2/nothing-here"]) {
        const response = await request.get(path, { headers });
        expect(response.headers()["x-content-type-options"], path).toBe("nosniff");
      }
    }
  });

  test("TRACE and the methods Next cannot route answer the error body with a request id on the API, an HTML 405 on pages; never a 500", async ({ baseURL }) => {
    for (const method of ["TRACE", "PROPFIND", "M-SEARCH"]) {
      const unknown = await sendAsWritten(baseURL!, method, "/api/v2/nothing-here");
      expect(unknown.status, method).toBe(404);
      expect(unknown.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
      expect(JSON.parse(unknown.body).error).toMatchObject({
        code: "not_found",
        message: `No API endpoint at ${method} /api/v2/nothing-here. See /api/v2/openapi.json.`,
      });
      for (const [path, allow] of [
        ["/api/v2/balance", "GET, HEAD, OPTIONS"],
        ["/api/auth/session", "GET, POST, HEAD, OPTIONS"],
      ]) {
        const route = await sendAsWritten(baseURL!, method, path);
        expect(route.status, `${method} ${path}`).toBe(405);
        expect(route.headers.allow).toBe(allow);
        expect(route.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
        expect(JSON.parse(route.body).error.code).toBe("method_not_allowed");
      }
      for (const path of ["/orders", "/orders/export", "/catalog/price-list.csv", "/"]) {
        const page = await sendAsWritten(baseURL!, method, path);
        expect(page.status, `${method} ${path}`).toBe(405);
        expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
        expect(page.headers.allow).toBe("GET, HEAD, POST");
      }
    }
  });

  test("an API path with a . or .. segment is a 404 with the error body, never a redirect that would send an order again", async ({ baseURL, fixtures }) => {
    const headers = { "X-API-Key": fixtures.daveSecondKey, "Content-Type": "application/json" };
    const order = JSON.stringify({ sku: "giftcard-steam-us-20", quantity: 1 });
    for (const path of ["/api/v2/order/.", "/api/v2/order/%2e", "/api/v2/./order", "/api/v2/order/x/..", "/api/v2/order/./"]) {
      const { status, headers: answered, body } = await sendAsWritten(baseURL!, "POST", path, headers, order);
      expect(status, path).toBe(404);
      expect(answered.location).toBeUndefined();
      expect(answered["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
      expect(JSON.parse(body).error.code).toBe("not_found");
    }
    const keyless = await sendAsWritten(baseURL!, "GET", "/api/v2/orders/%2E%2E");
    expect(keyless.status).toBe(404);
    expect(JSON.parse(keyless.body).error.code).toBe("not_found");
  });

  test("an HTTP/1.1 request without Host is 400 with the error body and a request id", async ({ baseURL }) => {
    const base = new URL(baseURL!);
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(base.port), base.hostname, () => socket.write("GET /api/v2/balance HTTP/1.1\r\n\r\n"));
      let received = "";
      socket.on("data", (chunk: Buffer) => (received += chunk.toString()));
      socket.on("error", reject);
      socket.on("close", () => resolve(received));
    });
    const [head, body] = text.split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head).toMatch(/\r\nX-Request-Id: [0-9a-f-]{36}\r\n/i);
    expect(JSON.parse(body).error).toMatchObject({ code: "validation_error", details: { issues: [{ path: "header.Host" }] } });
  });

  test("a page path with a malformed escape is 400, not a server error", async ({ request }) => {
    const response = await request.get("/orders/%E0%A4%A");
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain("malformed percent escape");
  });

  test("odd inputs never produce a 500 or a stack trace", async ({ request, fixtures }) => {
    const headers = { "X-API-Key": fixtures.alice.apiKey };
    const probes = [
      "/api/v2/transactions?limit=abc",
      "/api/v2/transactions?cursor=" + "z".repeat(500),
      "/api/v2/transactions?type=everything",
      "/api/v2/transactions?limit=1&limit=2",
      "/api/v2/transactions?unknown=1",
      "/api/v2/transactions/" + "x".repeat(300),
      "/api/v2/transactions/%27%3B%20drop%20table%20users%3B--",
      "/api/v2/transactions/%E2%82%AC",
      "/api/transaction/txn_%00",
      "/api/v2/transactions?cursor=txn_%00",
      "/api/v2/orders?reference=a%00b",
      "/api/v2/order/ord_%00x",
      "/api/v2/catalog?q=%00",
      "/api/v2/order/%E0%A4%A",
      "/api/v2/nothing%E0",
    ];
    for (const path of probes) {
      const response = await request.get(path, { headers });
      expect(response.status(), path).toBeLessThan(500);
      expect(response.status(), path).toBeGreaterThanOrEqual(400);
      const text = await response.text();
      expect(text, path).not.toMatch(NO_LEAK);
      expect(JSON.parse(text).error.code, path).toMatch(/^(validation_error|not_found)$/);
    }
  });
});
