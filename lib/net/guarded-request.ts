import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { isIP } from "node:net";
import { performance } from "node:perf_hooks";
import { blockedAddressReason } from "./blocked-addresses";
import { bareHostname, OutboundUrlError, parseOutboundUrl, resolveOutboundHost, type GuardOptions, type ResolvedAddress } from "./outbound-url";

export interface GuardedPostOptions extends GuardOptions {
  /** POST unless said otherwise; a GET sends no body. */
  method?: "GET" | "POST" | "PUT";
  headers: Record<string, string>;
  body?: string;
  /** The whole exchange (DNS, connect, request, the complete answer) must fit in it. */
  timeoutMs: number;
  /** How much of the answer's body is kept; the rest is read and dropped. */
  maxResponseBytes: number;
}

export interface GuardedPostResult {
  /** A 2xx status with the complete answer inside the deadline. */
  ok: boolean;
  status: number | null;
  durationMs: number;
  error: string | null;
  /** The first maxResponseBytes of the answer's body, as text. */
  responseBody: string | null;
  /** The answer's Retry-After (seconds or an HTTP date) in milliseconds from now; null without one. */
  retryAfterMs: number | null;
  /** The address the request connected to, when it got that far. */
  address: string | null;
  /**
   * Whether the request may have reached the receiver: false when it failed before a connection was
   * made (refused, unresolvable, blocked), which a caller that must not act twice reads as "not sent".
   */
  sent: boolean;
}

/** Past this the answer counts as complete even if more keeps coming: enough reading of a firehose. */
const MAX_DRAIN_BYTES = 1024 * 1024;

class DeadlineError extends Error {}

/**
 * Connections to receivers are kept alive between deliveries. A socket is vetted when it connects (the
 * lookup hands back only the vetted address, and the connect check below), and every request vets the
 * host's addresses again before it asks for a socket, so a kept socket only ever carries a request to a
 * host that passed the guard, over a connection to an address that passed it.
 */
const keptAlive = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 64, timeout: 30_000 }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 64, timeout: 30_000 }),
};

/**
 * POSTs a body to a URL through the SSRF guard, and never throws: every outcome (refused, timed
 * out, non-2xx, connection error) is a result with an error message.
 *
 * The host is resolved once and every address vetted (resolveOutboundHost); the socket connects to
 * the vetted address through a lookup that hands back exactly that address, with the original host
 * name kept for the Host header and TLS (SNI and certificate check). Redirects are not followed. One
 * deadline covers everything, so a receiver that trickles its answer a byte at a time still fails
 * when it passes.
 */
export async function guardedPost(urlText: string, options: GuardedPostOptions): Promise<GuardedPostResult> {
  return guardedRequest(urlText, options);
}

/** guardedPost for any method: a supplier's reads are GETs under the same guard and deadline. */
export async function guardedRequest(urlText: string, options: GuardedPostOptions): Promise<GuardedPostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const failure = (error: string, extra: Partial<GuardedPostResult> = {}): GuardedPostResult => ({
    ok: false,
    status: null,
    durationMs: elapsed(),
    error,
    responseBody: null,
    retryAfterMs: null,
    address: null,
    sent: false,
    ...extra,
  });

  let url: URL;
  let target: ResolvedAddress;
  try {
    url = parseOutboundUrl(urlText);
    const addresses = await withDeadline(resolveOutboundHost(url, options), options.timeoutMs);
    // Prefer IPv4 when both exist: hosts without IPv6 connectivity are the common case.
    target = addresses.find((a) => a.family === 4) ?? addresses[0];
  } catch (error) {
    if (error instanceof OutboundUrlError) return failure(error.message);
    if (error instanceof DeadlineError) return failure(deadlineMessage(options.timeoutMs));
    return failure(`Could not resolve the host: ${messageOf(error)}`);
  }

  const remaining = Math.max(1, options.timeoutMs - elapsed());
  return new Promise<GuardedPostResult>((resolve) => {
    let settled = false;
    let status: number | null = null;
    const kept: Buffer[] = [];
    let keptBytes = 0;
    let seenBytes = 0;
    let response: IncomingMessage | null = null;
    let connected = false;

    // Object.assign, not `{ ...x, key }`: on Node 20 that literal makes a hidden class per call (answerHeaders, lib/api/answer.ts).
    const settle = (result: Omit<GuardedPostResult, "durationMs" | "address" | "sent" | "retryAfterMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const retryAfterMs = retryAfterOf(response?.headers["retry-after"]);
      resolve(Object.assign(result, { durationMs: elapsed(), address: target.address, sent: connected, retryAfterMs }));
    };
    const body = () => (keptBytes > 0 ? Buffer.concat(kept).toString("utf8") : "");

    // Connects to the vetted address whatever name the socket asks for; handles both lookup forms.
    const lookup = ((_hostname: string, lookupOptions: { all?: boolean }, callback: (...args: unknown[]) => void) => {
      if (lookupOptions?.all) callback(null, [{ address: target.address, family: target.family }]);
      else callback(null, target.address, target.family);
    }) as unknown as LookupFunction;

    const host = bareHostname(url);
    const transport = url.protocol === "https:" ? https : http;
    const method = options.method ?? "POST";
    const payload = method === "GET" ? null : Buffer.from(options.body ?? "", "utf8");
    const request = transport.request({
      method,
      protocol: url.protocol,
      hostname: host,
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      headers: Object.assign({}, options.headers, payload ? { Host: url.host, "Content-Length": String(payload.byteLength) } : { Host: url.host }),
      lookup,
      servername: isIP(host) ? undefined : host,
      agent: url.protocol === "https:" ? keptAlive["https:"] : keptAlive["http:"],
    });

    const timer = setTimeout(() => {
      const error = new DeadlineError(deadlineMessage(options.timeoutMs));
      response?.destroy(error);
      request.destroy(error);
      settle({ ok: false, status, error: error.message, responseBody: status === null ? null : body() });
    }, remaining);

    request.on("socket", (socket) => {
      // A kept-alive socket was checked when it connected.
      if (!socket.connecting) {
        connected = true;
        return;
      }
      socket.once("connect", () => {
        connected = true;
        // Belt and braces: the socket must have reached the address that was vetted.
        const remote = socket.remoteAddress ?? "";
        if (!options.allowPrivate && blockedAddressReason(remote)) {
          request.destroy(new Error(`Connected to ${remote}, which is not a public address; aborted.`));
        }
      });
    });
    request.on("error", (error) => {
      settle({ ok: false, status, error: connectionMessage(error), responseBody: status === null ? null : body() });
    });
    request.on("close", () => settle({ ok: false, status, error: "The connection closed without an answer.", responseBody: null }));
    request.on("response", (res) => {
      response = res;
      status = res.statusCode ?? null;
      res.on("data", (chunk: Buffer) => {
        seenBytes += chunk.byteLength;
        if (keptBytes < options.maxResponseBytes) {
          const slice = chunk.subarray(0, options.maxResponseBytes - keptBytes);
          kept.push(slice);
          keptBytes += slice.byteLength;
        }
        if (seenBytes > MAX_DRAIN_BYTES) {
          res.destroy();
          finish();
        }
      });
      res.on("end", finish);
      res.on("error", (error) => settle({ ok: false, status, error: connectionMessage(error), responseBody: body() }));
      res.on("close", () => settle({ ok: false, status, error: "The connection closed before the answer was complete.", responseBody: body() }));
      function finish() {
        const code = status ?? 0;
        if (code >= 200 && code < 300) settle({ ok: true, status, error: null, responseBody: body() });
        else if (code >= 300 && code < 400) {
          const location = res.headers.location;
          settle({ ok: false, status, error: `Redirect (${code})${location ? ` to ${location}` : ""} not followed.`, responseBody: body() });
        } else settle({ ok: false, status, error: `The receiver answered HTTP ${code}.`, responseBody: body() });
      }
    });
    request.end(payload ?? undefined);
  });
}

/** Retry-After as delta-seconds or an HTTP date (RFC 9110 10.2.3); anything else is no advice. */
export function retryAfterOf(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function deadlineMessage(timeoutMs: number): string {
  return `No complete answer within ${timeoutMs >= 1000 ? `${timeoutMs / 1000} s` : `${timeoutMs} ms`}.`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function connectionMessage(error: Error): string {
  const code = (error as { code?: string }).code;
  switch (code) {
    case "ECONNREFUSED":
      return "Connection refused.";
    case "ECONNRESET":
      return "The connection was reset by the receiver.";
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return "The receiver's network is unreachable.";
    case "ETIMEDOUT":
      return "Connecting timed out.";
    default:
      return code && !error.message.includes(code) ? `${error.message} (${code})` : error.message;
  }
}

async function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new DeadlineError()), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
