import type { HeaderReader } from "@/lib/http/header-reader";

/**
 * What the API wrapper and its routes read of a request. A web Request is one; so is the server's
 * own view of a node request (lib/server/node-web.ts), which spares a key-authenticated call the
 * construction of a web Request, its Headers and its AbortSignal.
 */
export interface ApiRequest {
  readonly method: string;
  /** Absolute, as a web Request's url is. */
  readonly url: string;
  /** The path and query as sent, where it is at hand without building the URL (the server's own view). */
  readonly requestTarget?: string;
  readonly headers: HeaderReader;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/**
 * An API answer before it becomes HTTP: what the wrapper decides (status, headers, the JSON body).
 * Next needs it as a web Response; the server's own dispatch writes it to the socket directly, since
 * building a Response and reading its body back cost a tenth of a catalog call's CPU.
 */
export interface ApiAnswer {
  status: number;
  headers: Record<string, string>;
  /** Undefined for a 304, which has no body. */
  body: unknown;
  /**
   * The body already serialised, where the wrapper had to serialise it (an ETag is the digest of the
   * JSON): sent as it is, rather than made a second time.
   */
  json?: string;
}

/**
 * An answer's headers: the parts in order, later ones winning, then the three every answer carries
 * (nosniff: a browser must never read an answer, an error echoing the caller's input, as a page or script).
 * Not `{ ...part, "X-Request-Id": id }`: on Node 20 a property written after a spread in an object
 * literal makes a new hidden class on every call, garbage in the old generation that only a full
 * collection frees, and those collections were the API's latency stalls (docs/performance.md, the eleventh pass).
 */
export function answerHeaders(requestId: string, ...parts: Record<string, string>[]): Record<string, string> {
  const headers: Record<string, string> = Object.assign({}, ...parts);
  headers["X-Request-Id"] = requestId;
  headers["Cache-Control"] = "no-store";
  headers["X-Content-Type-Options"] = "nosniff";
  return headers;
}

export function answerResponse(answer: ApiAnswer): Response {
  if (answer.status === 304) return new Response(null, { status: 304, headers: answer.headers });
  if (answer.json === undefined) return Response.json(answer.body, { status: answer.status, headers: answer.headers });
  const response = new Response(answer.json, { status: answer.status, headers: answer.headers });
  // What Response.json() would say of it.
  if (!response.headers.has("content-type")) response.headers.set("content-type", "application/json");
  return response;
}
