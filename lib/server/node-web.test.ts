import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import type { ApiRequest } from "@/lib/api/answer";
import { readBodyUpTo, sendAnswer, toApiRequest } from "./node-web";

/** Sends one raw request to a server that hands back the API wrapper's view of it. */
async function viewOf(send: (port: number) => void): Promise<{ view: ApiRequest; body: string }> {
  return new Promise((resolve, reject) => {
    const server = createServer(async (req, res) => {
      const { body } = await readBodyUpTo(req, 1024);
      const view = toApiRequest(req, req.method === "GET" ? null : body);
      res.end();
      server.close();
      resolve({ view, body: new TextDecoder().decode(await view.arrayBuffer()) });
    });
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => send((server.address() as AddressInfo).port));
  });
}

describe("the server's view of a node request (toApiRequest)", () => {
  it("reads headers by any case, joins a repeated one as web Headers do, and gives null for an absent one", async () => {
    const { view } = await viewOf((port) => {
      const req = httpRequest({ port, path: "/api/v2/balance?x=1", headers: { "X-API-Key": "rk_live_abc", "X-Tag": ["a", "b"] } });
      req.on("response", (res) => res.resume());
      req.end();
    });
    expect(view.method).toBe("GET");
    expect(view.headers.get("x-api-key")).toBe("rk_live_abc");
    expect(view.headers.get("X-Api-Key")).toBe("rk_live_abc");
    expect(view.headers.get("x-tag")).toBe(
      new Headers([
        ["x-tag", "a"],
        ["x-tag", "b"],
      ]).get("x-tag"),
    );
    expect(view.headers.get("idempotency-key")).toBeNull();
    expect(new URL(view.url).pathname).toBe("/api/v2/balance");
    expect(new URL(view.url).searchParams.get("x")).toBe("1");
  });

  it("hands back the body that was read, and an empty one for a GET", async () => {
    const posted = await viewOf((port) => {
      const req = httpRequest({ port, method: "POST", path: "/api/v2/order", headers: { "Content-Type": "application/json" } });
      req.on("response", (res) => res.resume());
      req.end(JSON.stringify({ sku: "giftcard-€-10" }));
    });
    expect(posted.view.method).toBe("POST");
    expect(JSON.parse(posted.body)).toEqual({ sku: "giftcard-€-10" });
    const got = await viewOf((port) => httpRequest({ port, path: "/" }, (res) => res.resume()).end());
    expect(got.body).toBe("");
  });
});

describe("an API answer written to the socket (sendAnswer)", () => {
  it("sends the JSON with its length in bytes, its headers and one Vary, also when the body is not ASCII", async () => {
    const body = { name: "Carte cadeau 10 €", note: "日本 ✓" };
    const server = createServer((_req, res) => sendAnswer(res, { status: 201, headers: { "X-Request-Id": "req_1" }, body }));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(response.status).toBe(201);
      expect(response.headers.get("content-type")).toBe("application/json");
      expect(response.headers.get("x-request-id")).toBe("req_1");
      expect(response.headers.get("vary")).toBe("Accept-Encoding");
      expect(Number(response.headers.get("content-length"))).toBe(bytes.byteLength);
      expect(bytes.byteLength).toBeGreaterThan(JSON.stringify(body).length);
      expect(JSON.parse(new TextDecoder().decode(bytes))).toEqual(body);
    } finally {
      server.close();
    }
  });
});
