import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { metrics } from "./metrics";
import { noteCaller } from "./request-context";
import { observeRequest } from "./request-observer";
import { captureLog } from "./testing/capture-log";

const routeOf = (pathname: string) => (pathname.startsWith("/api/v2/orders/") ? "/api/v2/orders/[id]" : pathname === "/catalog" ? "/catalog" : "unmatched");

function serverWith(trustProxy: boolean): Server {
  return createServer((req, res) =>
    observeRequest(req, res, { trustProxy, routeOf }, () => {
      // As the API's wrapper does once it knows the key, a moment later.
      setTimeout(() => {
        if (req.url?.startsWith("/api/")) noteCaller("usr_alice", "key_1");
        const status = req.url === "/catalog" ? 200 : 404;
        res.writeHead(status, { "Content-Type": "application/json" }).end("{}");
      }, 5);
    }),
  );
}

describe("each request's id, trace context, access line and count", () => {
  let direct: Server;
  let proxied: Server;
  let log: ReturnType<typeof captureLog>;
  const base = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  beforeAll(async () => {
    direct = serverWith(false);
    proxied = serverWith(true);
    await Promise.all([direct, proxied].map((server) => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))));
  });
  afterAll(() => Promise.all([direct, proxied].map((server) => new Promise((resolve) => server.close(resolve)))));
  beforeEach(() => (log = captureLog()));
  afterEach(() => log.restore());

  const accessLines = () => log.lines().filter((line) => line.component === "access");

  it("writes one line per request with the route template, status, duration, request id and caller, never the raw path", async () => {
    const response = await fetch(`${base(direct)}/api/v2/orders/ord_8f2k?expand=1`);
    await response.arrayBuffer();
    const requestId = response.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => accessLines().length).toBe(1);
    const [line] = accessLines();
    expect(line).toMatchObject({
      level: 30,
      msg: "request",
      method: "GET",
      route: "/api/v2/orders/[id]",
      status: 404,
      request_id: requestId,
      reseller_id: "usr_alice",
      key_id: "key_1",
    });
    expect(line.duration_ms).toBeGreaterThanOrEqual(4);
    expect(log.text()).not.toContain("ord_8f2k");
  });

  it("keeps a trusted proxy's X-Request-Id and echoes it; replaces it when the proxy is not trusted", async () => {
    const kept = await fetch(`${base(proxied)}/catalog`, { headers: { "X-Request-Id": "lb-7f3a.42" } });
    expect(kept.headers.get("x-request-id")).toBe("lb-7f3a.42");
    const replaced = await fetch(`${base(direct)}/catalog`, { headers: { "X-Request-Id": "lb-7f3a.42" } });
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => accessLines().map((line) => line.request_id)).toEqual(["lb-7f3a.42", replaced.headers.get("x-request-id")]);
  });

  it("does not take an id that would break a log line, even from a trusted proxy", async () => {
    const response = await fetch(`${base(proxied)}/catalog`, { headers: { "X-Request-Id": "a b" } });
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("keeps and echoes a W3C traceparent, and logs its trace id", async () => {
    const traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
    const response = await fetch(`${base(direct)}/catalog`, { headers: { traceparent } });
    expect(response.headers.get("traceparent")).toBe(traceparent);
    await expect.poll(() => accessLines()[0]?.trace_id).toBe("4bf92f3577b34da6a3ce929d0e0e4736");
    const malformed = await fetch(`${base(direct)}/catalog`, { headers: { traceparent: "00-0000-bad" } });
    expect(malformed.headers.get("traceparent")).toBeNull();
  });

  it("counts requests by method, route template and status, and times them", async () => {
    const counted = async () => (await metrics().httpRequests.get()).values.find((v) => v.labels.route === "/catalog" && v.labels.status === 200)?.value ?? 0;
    const before = await counted();
    await (await fetch(`${base(direct)}/catalog`)).arrayBuffer();
    await expect.poll(counted).toBe(before + 1);
    const histogram = await metrics().httpDuration.get();
    expect(histogram.values.some((v) => v.labels.route === "/catalog" && v.metricName === "http_request_duration_seconds_count" && v.value >= 1)).toBe(true);
  });
});
