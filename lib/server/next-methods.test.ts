import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refuseMethodNextCannotServe } from "./next-methods";

/** Stands for Next serving the request. */
const LEFT_TO_NEXT = 418;

/** A request with any method, which fetch() cannot send (TRACE) or does not know (M-SEARCH). */
function send(port: number, method: string, path: string): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method, path }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject).end();
  });
}

describe("refuseMethodNextCannotServe", () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (!refuseMethodNextCannotServe(req, res)) res.writeHead(LEFT_TO_NEXT).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it("answers an /api path no route takes the method on with the API's 404 body, a request id and nosniff", async () => {
    for (const method of ["TRACE", "PROPFIND", "LOCK", "MKCOL", "SEARCH", "PURGE", "LINK", "UNLINK", "QUERY", "M-SEARCH", "SOURCE"]) {
      for (const path of ["/api/v2/nothing-here", "/api/v2/order/ord_x/more?x=1"]) {
        const { status, headers, body } = await send(port, method, path);
        expect(status, `${method} ${path}`).toBe(404);
        expect(headers["content-type"]).toBe("application/json");
        expect(headers["x-content-type-options"]).toBe("nosniff");
        expect(headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
        const { error } = JSON.parse(body);
        expect(error).toMatchObject({ code: "not_found", request_id: headers["x-request-id"] });
        expect(error.message).toBe(`No API endpoint at ${method} ${path.split("?")[0]}. See /api/v2/openapi.json.`);
      }
    }
  });

  it("answers a page or a file with an HTML 405 naming what a page takes", async () => {
    for (const path of ["/orders", "/orders/export", "/catalog/price-list.csv", "/", "/_next/static/chunk.js"]) {
      const { status, headers, body } = await send(port, "TRACE", path);
      expect(status, path).toBe(405);
      expect(headers.allow).toBe("GET, HEAD, POST");
      expect(headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(body).toContain("<h1>405 Method Not Allowed</h1>");
    }
  });

  it("leaves to Next the methods it routes", async () => {
    for (const method of ["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"]) {
      expect((await send(port, method, "/api/v2/nothing-here")).status, method).toBe(LEFT_TO_NEXT);
      expect((await send(port, method, "/orders")).status, method).toBe(LEFT_TO_NEXT);
    }
  });
});
