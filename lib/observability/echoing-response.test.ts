import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { EchoingResponse } from "./echoing-response";

let server: Server | undefined;

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A server whose responses echo X-Request-Id "echoed-id" and a traceparent, answering as `answer` does. */
async function serve(answer: (res: EchoingResponse<IncomingMessage>) => void): Promise<Headers> {
  server = createServer({ ServerResponse: EchoingResponse }, (_req, res) => {
    res.echo(["x-request-id", "echoed-id", "traceparent", "00-trace-span-01"]);
    answer(res);
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  await response.arrayBuffer();
  return response.headers;
}

describe("EchoingResponse", () => {
  it("adds the echoed headers to an answer written with a header list", async () => {
    const headers = await serve((res) => res.writeHead(200, ["Content-Type", "application/json", "Cache-Control", "no-store"]).end("{}"));
    expect(headers.get("x-request-id")).toBe("echoed-id");
    expect(headers.get("traceparent")).toBe("00-trace-span-01");
    expect(headers.get("cache-control")).toBe("no-store");
  });

  it("leaves the answer's own value of a header it names, in any case", async () => {
    const headers = await serve((res) => res.writeHead(200, ["X-Request-Id", "answer-id"]).end("{}"));
    expect(headers.get("x-request-id")).toBe("answer-id");
    expect(headers.get("traceparent")).toBe("00-trace-span-01");
  });

  it("echoes them through an answer written with a header object, a status message, or headers set before", async () => {
    expect((await serve((res) => res.writeHead(201, { "X-Request-Id": "answer-id" }).end())).get("x-request-id")).toBe("answer-id");
    expect((await serve((res) => res.writeHead(201, "Created", { "Content-Type": "text/plain" }).end())).get("x-request-id")).toBe("echoed-id");
    const mixed = await serve((res) => {
      res.setHeader("Connection", "close");
      res.writeHead(413, ["Content-Type", "application/json"]).end("{}");
    });
    expect(mixed.get("x-request-id")).toBe("echoed-id");
    expect(mixed.get("content-type")).toBe("application/json");
  });

  it("echoes them when the answer never calls writeHead, as Next answers", async () => {
    const headers = await serve((res) => {
      res.statusCode = 404;
      res.setHeader("Content-Type", "text/html");
      res.end("<p>not here</p>");
    });
    expect(headers.get("x-request-id")).toBe("echoed-id");
    expect(headers.get("traceparent")).toBe("00-trace-span-01");
  });

  it("keeps a value set with setHeader before the answer", async () => {
    const headers = await serve((res) => {
      res.setHeader("X-Request-Id", "set-id");
      res.end("{}");
    });
    expect(headers.get("x-request-id")).toBe("set-id");
  });
});
