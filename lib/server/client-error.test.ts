import { createServer, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerClientError, refuseMissingHost } from "./client-error";

/** Sends `raw` as it is and reads until the server closes: what a client of a malformed request gets. */
function exchange(port: number, raw: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(raw));
    let text = "";
    socket.on("data", (chunk: Buffer) => (text += chunk.toString("latin1")));
    socket.on("error", reject);
    socket.on("close", () => {
      const [head, body] = text.split("\r\n\r\n");
      const [statusLine, ...lines] = head.split("\r\n");
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]));
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body });
    });
  });
}

describe("answerClientError", () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    // As lib/server/main.ts makes it: Node leaves a request without Host to refuseMissingHost.
    server = createServer({ requireHostHeader: false }, (req, res) => {
      if (!refuseMissingHost(req, res)) res.end("served");
    });
    server.on("clientError", answerClientError);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it("answers headers over Node's limit with 431 and the API's error body", async () => {
    const { status, headers, body } = await exchange(port, `GET /api/v2/me HTTP/1.1\r\nHost: x\r\nX-API-Key: rk_live_${"a".repeat(20_000)}\r\n\r\n`);
    expect(status).toBe(431);
    expect(headers["content-type"]).toBe("application/json");
    expect(headers.connection).toBe("close");
    expect(Number(headers["content-length"])).toBe(Buffer.byteLength(body));
    expect(headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(JSON.parse(body)).toEqual({
      error: {
        code: "headers_too_large",
        message: "The request's headers are over 16 KB.",
        retryable: false,
        request_id: headers["x-request-id"],
        details: {},
      },
    });
  });

  it("answers an unknown method or a control byte in a header with 400 validation_error", async () => {
    for (const raw of ["FOO /api/v2/me HTTP/1.1\r\nHost: x\r\n\r\n", "GET /api/v2/me HTTP/1.1\r\nHost: x\r\nIdempotency-Key: a\u0001b\r\n\r\n"]) {
      const { status, headers, body } = await exchange(port, raw);
      expect(status, raw).toBe(400);
      expect(headers["content-type"]).toBe("application/json");
      expect(JSON.parse(body).error).toMatchObject({
        code: "validation_error",
        details: { issues: [{ path: "request", message: "Is not a well-formed HTTP request." }] },
      });
    }
  });

  it("answers an HTTP/1.1 request without Host with 400 validation_error, a request id and nosniff", async () => {
    for (const raw of ["GET /api/v2/me HTTP/1.1\r\n\r\n", "POST /orders HTTP/1.1\r\nContent-Length: 0\r\n\r\n"]) {
      const { status, headers, body } = await exchange(port, raw);
      expect(status, raw).toBe(400);
      expect(headers["content-type"]).toBe("application/json");
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers.connection).toBe("close");
      expect(headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
      expect(JSON.parse(body).error).toMatchObject({
        code: "validation_error",
        request_id: headers["x-request-id"],
        details: { issues: [{ path: "header.Host", message: "Required: an HTTP/1.1 request names the host it is for." }] },
      });
    }
  });

  it("serves an HTTP/1.0 request, which has no Host to send", async () => {
    const { status, body } = await exchange(port, "GET / HTTP/1.0\r\n\r\n");
    expect([status, body]).toEqual([200, "served"]);
  });

  it("leaves well-formed requests to the server", async () => {
    const { status, body } = await exchange(port, "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    expect([status, body]).toEqual([200, "served"]);
  });
});
