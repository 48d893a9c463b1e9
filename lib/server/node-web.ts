import type { IncomingMessage, ServerResponse } from "node:http";
import type { ApiAnswer, ApiRequest } from "@/lib/api/answer";
import type { HeaderReader } from "@/lib/http/header-reader";

/** The request's URL on the host it names, as Next builds it; a Host that is no host gives localhost. */
function requestUrl(req: IncomingMessage): URL {
  const target = req.url ?? "/";
  try {
    return new URL(target, `http://${req.headers.host ?? "localhost"}`);
  } catch {
    return new URL(target, "http://localhost");
  }
}

/** The web Request a route handler expects, from a node request whose body has already been read. */
export function toWebRequest(req: IncomingMessage, body: Buffer | null): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  return new Request(requestUrl(req), { method: req.method, headers, body: body && body.byteLength > 0 ? new Uint8Array(body) : null });
}

/**
 * A node request's headers read by name in any case, as web Headers read them. The values are those
 * node parsed, which the web Request was built from before: a repeated header joined with ", " (a
 * cookie with "; ", and of some, such as Authorization, only the first kept); a list is joined here.
 */
class NodeHeaders implements HeaderReader {
  constructor(private readonly headers: IncomingMessage["headers"]) {}

  get(name: string): string | null {
    const value = this.headers[name.toLowerCase()];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(", ") : value;
  }
}

/**
 * The API wrapper's view of a node request whose body has already been read: no web Request is made.
 * A class, not a literal with an arrow: tsx names each arrow made per call (esbuild's keepNames), which
 * turns every request's function into a slow dictionary object. The URL is parsed on first read,
 * since most calls (those without a query) never read it.
 */
class NodeApiRequest implements ApiRequest {
  readonly method: string;
  readonly headers: NodeHeaders;
  private href: string | null = null;

  constructor(
    private readonly req: IncomingMessage,
    private readonly body: Buffer | null,
  ) {
    this.method = req.method ?? "GET";
    this.headers = new NodeHeaders(req.headers);
  }

  get url(): string {
    return (this.href ??= requestUrl(this.req).href);
  }

  get requestTarget(): string {
    return this.req.url ?? "/";
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    return this.body ? new Uint8Array(this.body).buffer : new ArrayBuffer(0);
  }
}

export function toApiRequest(req: IncomingMessage, body: Buffer | null): ApiRequest {
  return new NodeApiRequest(req, body);
}

/**
 * An API answer may be gzipped when the client asks (lib/server/api-dispatch.ts), so every one says
 * that it varies by Accept-Encoding, as Next's own answers do.
 */
const ACCEPT_ENCODING = "Accept-Encoding";

/** Writes a route handler's Response, with its length, so a kept-alive connection needs no chunking. */
export async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  res.statusCode = response.status;
  res.setHeader("Vary", ACCEPT_ENCODING);
  // What next.config.ts gives every answer Next serves; a route's Response without it (the OpenAPI document) still gets it.
  res.setHeader("X-Content-Type-Options", "nosniff");
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  res.setHeader("content-length", body.byteLength);
  res.end(body);
}

/**
 * Writes an API answer as answerResponse() would make it: JSON, with its length. Every header goes in
 * one writeHead: setHeader would first check, lower-case and store each one, a microsecond a call.
 * The body stays a string, which Node sends in one write with the headers; as a Buffer it would be a
 * second chunk of a writev, measured 12% (an order) to 40% (a page of the catalog) slower per answer.
 */
export function sendAnswer(res: ServerResponse, answer: ApiAnswer): void {
  const headers = ["Vary", ACCEPT_ENCODING];
  for (const name in answer.headers) headers.push(name, answer.headers[name]);
  if (answer.status === 304) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const body = answer.json ?? JSON.stringify(answer.body);
  headers.push("content-type", "application/json", "content-length", String(Buffer.byteLength(body)));
  res.writeHead(answer.status, headers);
  res.end(body);
}

/**
 * The request body, at most `limit` + 1 bytes: enough for the handler to see that it is too large and
 * answer 413, without holding a body of any size in memory.
 */
export function readBodyUpTo(req: IncomingMessage, limit: number): Promise<{ body: Buffer; truncated: boolean }> {
  // A body declared too long is refused before any of it arrives: a client that declares 10 MB and
  // sends nothing would otherwise hold the request open until it gave up.
  if (Number(req.headers["content-length"]) > limit) {
    req.pause();
    return Promise.resolve({ body: Buffer.alloc(0), truncated: true });
  }
  // Listeners passed inline: tsx would name (and so slow down) a listener kept in a const (see NodeApiRequest).
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    let truncated = false;
    req.on("data", (chunk: Buffer) => {
      if (truncated) return;
      chunks.push(chunk);
      length += chunk.byteLength;
      if (length > limit) {
        truncated = true;
        req.pause();
        resolve({ body: Buffer.concat(chunks).subarray(0, limit + 1), truncated: true });
      }
    });
    req.once("end", () => resolve({ body: Buffer.concat(chunks), truncated: false }));
    req.once("error", reject);
  });
}
