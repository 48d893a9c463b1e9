import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { guardedPost, retryAfterOf, type GuardedPostOptions } from "./guarded-request";
import { OutboundUrlError, vetOutboundUrl, type HostResolver } from "./outbound-url";

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

/** A listener on every local address (dual-stack "::"), counting every connection that reaches it. */
async function listen(handler: Handler): Promise<{ server: Server; port: number; connections: () => number; requests: IncomingMessage[] }> {
  let connections = 0;
  const requests: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      requests.push(req);
      handler(req, res, Buffer.concat(chunks).toString("utf8"));
    });
  });
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, "::", resolve));
  return { server, port: (server.address() as AddressInfo).port, connections: () => connections, requests };
}

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

const base = (overrides: Partial<GuardedPostOptions> = {}): GuardedPostOptions => ({
  allowPrivate: false,
  headers: { "Content-Type": "application/json" },
  body: '{"hello":"world"}',
  timeoutMs: 10_000,
  maxResponseBytes: 1024,
  ...overrides,
});

describe("the SSRF guard refuses private destinations before connecting", () => {
  let listener: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    listener = await listen((_req, res) => res.end("reached"));
  });
  afterAll(() => close(listener.server));

  const blocked = [
    ["http://2130706433:{port}/", "127.0.0.1", "loopback"],
    ["http://0x7f.1:{port}/", "127.0.0.1", "loopback"],
    ["http://0177.0.0.1:{port}/", "127.0.0.1", "loopback"],
    ["http://127.1:{port}/", "127.0.0.1", "loopback"],
    ["http://[::ffff:127.0.0.1]:{port}/", "::ffff:7f00:1", "IPv4-mapped IPv6 address of a loopback"],
    ["http://[::1]:{port}/", "::1", "loopback"],
    ["http://169.254.169.254:{port}/latest/meta-data/", "169.254.169.254", "metadata"],
    ["http://100.64.0.1:{port}/", "100.64.0.1", "carrier-grade NAT"],
    ["http://0.0.0.0:{port}/", "0.0.0.0", "unspecified"],
    ["http://10.0.0.1:{port}/", "10.0.0.1", "private network"],
    ["http://192.168.1.1:{port}/", "192.168.1.1", "private network"],
    ["http://172.16.0.1:{port}/", "172.16.0.1", "private network"],
    ["http://[fd00::1]:{port}/", "fd00::1", "unique local"],
    ["http://[fe80::1]:{port}/", "fe80::1", "link-local"],
    ["http://localhost:{port}/", "localhost", "loopback"],
    ["https://LOCALHOST:{port}/", "localhost", "loopback"],
  ] as const;

  it.each(blocked)("%s is refused with a clear error and nothing reaches the listener", async (template, host, why) => {
    const url = template.replace("{port}", String(listener.port));
    const result = await guardedPost(url, base());
    expect(result.ok).toBe(false);
    expect(result.status).toBeNull();
    expect(result.error).toContain(host);
    expect(result.error).toContain(why);
    expect(result.error).toContain("webhooks are only sent to public internet addresses");
    // The same check answers at save time.
    await expect(vetOutboundUrl(url, { allowPrivate: false })).rejects.toThrow(OutboundUrlError);
    expect(listener.connections()).toBe(0);
  });

  it("refuses a name when any one of its addresses is private", async () => {
    const resolver: HostResolver = async () => [
      { address: "93.184.216.34", family: 4 },
      { address: "10.1.2.3", family: 4 },
    ];
    const result = await guardedPost(`http://mixed.example:${listener.port}/`, base({ resolver }));
    expect(result.error).toBe(
      "The host mixed.example resolves to 10.1.2.3, which is a private network address (10.0.0.0/8); webhooks are only sent to public internet addresses.",
    );
    expect(listener.connections()).toBe(0);
  });

  it("refuses a name that resolves to an IPv4-mapped loopback", async () => {
    const resolver: HostResolver = async () => [{ address: "::ffff:127.0.0.1", family: 6 }];
    const result = await guardedPost(`http://sneaky.example:${listener.port}/`, base({ resolver }));
    expect(result.error).toContain("IPv4-mapped IPv6 address of a loopback");
    expect(listener.connections()).toBe(0);
  });

  it("says so when a host does not resolve", async () => {
    const resolver: HostResolver = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
    };
    const result = await guardedPost("https://nowhere.invalid/", base({ resolver }));
    expect(result.error).toBe("The host nowhere.invalid could not be resolved (ENOTFOUND).");
  });

  it.each([
    ["another scheme", "ftp://example.com/hook", "https:// or http://"],
    ["credentials", "https://user:pass@example.com/hook", "user name or password"],
    ["no URL at all", "not a url", "full URL"],
    ["port 0", "http://93.184.216.34:0/hook", "between 1 and 65535"],
    ["over 2048 characters", `https://example.com/${"a".repeat(2040)}`, "longer than 2048"],
  ])("refuses a malformed URL: %s", async (_label, url, message) => {
    const result = await guardedPost(url, base());
    expect(result.error).toContain(message);
    await expect(vetOutboundUrl(url, { allowPrivate: true })).rejects.toThrow(message);
  });

  it("connects to the vetted address itself: the name is resolved once, and Host keeps the name", async () => {
    let resolutions = 0;
    const resolver: HostResolver = async () => {
      resolutions++;
      // A rebinding DNS server would answer differently the second time; there is no second time.
      return resolutions === 1 ? [{ address: "127.0.0.1", family: 4 }] : [{ address: "10.9.9.9", family: 4 }];
    };
    const result = await guardedPost(`http://hooks.example:${listener.port}/in?x=1`, base({ allowPrivate: true, resolver }));
    expect(result).toMatchObject({ ok: true, status: 200, responseBody: "reached", address: "127.0.0.1", error: null });
    expect(resolutions).toBe(1);
    const request = listener.requests.at(-1)!;
    expect(request.headers.host).toBe(`hooks.example:${listener.port}`);
    expect(request.url).toBe("/in?x=1");
    expect(listener.connections()).toBe(1);
  });
});

describe("guardedPost against a real receiver (private addresses allowed)", () => {
  let listener: Awaited<ReturnType<typeof listen>>;
  let handler: Handler;
  let redirectTargetHits = 0;
  beforeAll(async () => {
    listener = await listen((req, res, body) => (req.url === "/target" ? (redirectTargetHits++, res.end("moved here")) : handler(req, res, body)));
  });
  afterAll(() => close(listener.server));
  beforeEach(() => {
    handler = (_req, res) => res.end("ok");
  });

  const url = (path = "/hook") => `http://127.0.0.1:${listener.port}${path}`;
  const allowed = (overrides: Partial<GuardedPostOptions> = {}) => base({ allowPrivate: true, ...overrides });

  it("sends the exact body and headers and reports a 2xx as success", async () => {
    let seen: { body: string; type?: string; length?: string; custom?: string } | undefined;
    handler = (req, res, body) => {
      seen = { body, type: req.headers["content-type"], length: req.headers["content-length"], custom: req.headers["x-custom"] as string };
      res.writeHead(204).end();
    };
    const result = await guardedPost(url(), allowed({ headers: { "Content-Type": "application/json", "X-Custom": "1" }, body: '{"a":"é"}' }));
    expect(result).toMatchObject({ ok: true, status: 204, error: null, responseBody: "" });
    expect(seen).toEqual({ body: '{"a":"é"}', type: "application/json", length: "10", custom: "1" });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
  });

  it("counts a non-2xx answer as a failure and keeps its body", async () => {
    handler = (_req, res) => res.writeHead(503).end("down for maintenance");
    expect(await guardedPost(url(), allowed())).toMatchObject({
      ok: false,
      status: 503,
      error: "The receiver answered HTTP 503.",
      responseBody: "down for maintenance",
    });
  });

  it("reads a 429's Retry-After, in seconds or as a date", async () => {
    handler = (_req, res) => res.writeHead(429, { "Retry-After": "7" }).end("slow down");
    expect(await guardedPost(url(), allowed())).toMatchObject({ ok: false, status: 429, retryAfterMs: 7000 });
    handler = (_req, res) => res.writeHead(503).end();
    expect(await guardedPost(url(), allowed())).toMatchObject({ ok: false, status: 503, retryAfterMs: null });
    const now = Date.parse("2026-11-28T12:00:00Z");
    expect(retryAfterOf("Sat, 28 Nov 2026 12:00:30 GMT", now)).toBe(30_000);
    expect(retryAfterOf("Sat, 28 Nov 2026 11:00:00 GMT", now)).toBe(0);
    expect(retryAfterOf("soon", now)).toBeNull();
  });

  it("never follows a redirect, which counts as a failure", async () => {
    handler = (_req, res) => res.writeHead(302, { Location: "/target" }).end();
    const result = await guardedPost(url(), allowed());
    expect(result).toMatchObject({ ok: false, status: 302, error: "Redirect (302) to /target not followed." });
    expect(redirectTargetHits).toBe(0);
  });

  it("keeps at most 1 KiB of the answer", async () => {
    handler = (_req, res) => res.end("x".repeat(5000));
    const result = await guardedPost(url(), allowed());
    expect(result.ok).toBe(true);
    expect(result.responseBody).toHaveLength(1024);
  });

  it("reports a refused connection", async () => {
    const spare = await listen(() => {});
    const port = spare.port;
    await close(spare.server);
    expect(await guardedPost(`http://127.0.0.1:${port}/`, allowed())).toMatchObject({ ok: false, status: null, error: "Connection refused." });
  });

  it("honours a short deadline", async () => {
    handler = (_req, res) => setTimeout(() => res.end("late"), 1000);
    const result = await guardedPost(url(), allowed({ timeoutMs: 200 }));
    expect(result).toMatchObject({ ok: false, error: "No complete answer within 200 ms." });
    expect(result.durationMs).toBeGreaterThanOrEqual(190);
    expect(result.durationMs).toBeLessThan(800);
  });

  it("fails a receiver that sleeps 11 s at about 10 s", { timeout: 20_000 }, async () => {
    handler = (_req, res) => {
      const timer = setTimeout(() => res.end("too late"), 11_000);
      res.on("close", () => clearTimeout(timer));
    };
    const result = await guardedPost(url(), allowed());
    expect(result).toMatchObject({ ok: false, status: null, error: "No complete answer within 10 s." });
    expect(result.durationMs).toBeGreaterThanOrEqual(9_900);
    expect(result.durationMs).toBeLessThan(10_900);
  });

  it("fails a receiver that trickles its answer a byte per second at about 10 s", { timeout: 20_000 }, async () => {
    handler = (_req, res) => {
      res.writeHead(200, { "Content-Type": "text/plain" });
      res.flushHeaders();
      const timer = setInterval(() => res.write("."), 1000);
      res.on("close", () => clearInterval(timer));
    };
    const result = await guardedPost(url(), allowed());
    expect(result.ok).toBe(false);
    expect(result.status).toBe(200);
    expect(result.error).toBe("No complete answer within 10 s.");
    expect(result.responseBody).toMatch(/^\.{8,10}$/);
    expect(result.durationMs).toBeGreaterThanOrEqual(9_900);
    expect(result.durationMs).toBeLessThan(10_900);
  });
});
