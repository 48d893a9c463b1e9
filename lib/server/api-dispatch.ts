import type { IncomingMessage, ServerResponse } from "node:http";
import compression from "compression";
import { API_KEY_HEADER, BEARER_HEADER } from "@/lib/api/caller";
import { answerHeaders } from "@/lib/api/answer";
import { errorAnswer, toAppError } from "@/lib/api/errors";
import { MAX_BODY_BYTES } from "@/lib/api/parse-input";
import { AppError } from "@/lib/errors/app-error";
import { componentLogger } from "@/lib/observability/logger";
import { currentRequestId } from "@/lib/observability/request-context";
import { targetPath } from "@/lib/http/url-path";
import { hasDotSegment } from "./api-slashes";
import { allowedMethods, matchApiRoute, type ApiRoute, type RouteHandler, type RouteMethod } from "./api-routes";
import { readBodyUpTo, sendAnswer, sendWebResponse, toApiRequest, toWebRequest } from "./node-web";

// The same negotiation Next applies to what it serves (the `compression` package, its defaults).
const compress = compression();

/**
 * Runs `write` with the response set up to gzip when the client asks. A client that names no encoding
 * gets the body as it is, as the middleware would send it, without the middleware's wrapping of every
 * write: a twentieth of a catalog call's CPU. Either way the writers declare `Vary: Accept-Encoding`.
 */
function compressed(req: IncomingMessage, res: ServerResponse, write: () => Promise<void>): void {
  if (req.headers["accept-encoding"] === undefined) {
    void write();
    return;
  }
  compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () => void write());
}

/** An API key, in either header the API accepts: such a call needs nothing of Next's request context. */
function carriesApiKey(req: IncomingMessage): boolean {
  return req.headers[API_KEY_HEADER] !== undefined || req.headers[BEARER_HEADER] !== undefined;
}

/**
 * Answers the API calls that need nothing of Next, and returns false for Next to serve the rest.
 *
 * - A path with a `.` or `..` segment: 404 with the error body (hasDotSegment says why), where Next redirected.
 * - A method a route file does not export: 405 with the error body and Allow (Next's has no body);
 *   OPTIONS, 204 with Allow.
 * - A call with an API key to a route file's plain path: its route handler, without Next's request
 *   machinery, which costs more CPU than the handler itself (docs/performance.md, the fourth pass).
 *
 * Calls with the session cookie, HEAD on a route with GET, a catch-all's methods (next-auth's), and paths
 * not in their plain form, go to Next, which answers them as it always has.
 */
export function dispatchApiRequest(routes: readonly ApiRoute[], req: IncomingMessage, res: ServerResponse): boolean {
  const pathname = targetPath(req.url);
  if (!pathname?.startsWith("/api/")) return false;
  const method = req.method ?? "GET";
  if (hasDotSegment(pathname)) {
    const refusal = new AppError("not_found", `No API endpoint at ${method} ${pathname}: send the path without "." or ".." segments.`);
    compressed(req, res, async () => sendAnswer(res, errorAnswer(refusal, currentRequestId())));
    return true;
  }
  const match = matchApiRoute(routes, pathname);
  if (!match) return false;
  const handler = match.route.handlers[method as RouteMethod];
  if (!handler) {
    // Next answers HEAD from the route's GET; a route without one refuses it here, as it does any method.
    if (method === "HEAD" && match.route.handlers.GET) return false;
    const allow = allowedMethods(match.route).join(", ");
    if (method === "OPTIONS") {
      // Next's own answer has no X-Request-Id, which every API response carries.
      res.writeHead(204, answerHeaders(currentRequestId(), { Allow: allow })).end();
      return true;
    }
    const refusal = new AppError("method_not_allowed", `${match.route.pattern} does not take ${method}; it takes ${allow}.`, {}, { Allow: allow });
    compressed(req, res, async () => sendAnswer(res, errorAnswer(refusal, currentRequestId())));
    return true;
  }
  if (match.route.catchAll || !carriesApiKey(req)) return false;
  compressed(req, res, () => answer(handler, match.params, req, res));
  return true;
}

async function answer(handler: RouteHandler, params: Record<string, string>, req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    let body: Buffer | null = null;
    if (req.method !== "GET") {
      const read = await readBodyUpTo(req, MAX_BODY_BYTES);
      // The rest of an oversized body is never read: the connection closes after the 413.
      if (read.truncated) res.setHeader("connection", "close");
      body = read.body;
    }
    const context = { params: Promise.resolve(params) };
    if (handler.answer) sendAnswer(res, await handler.answer(toApiRequest(req, body), context));
    else await sendWebResponse(res, await handler(toWebRequest(req, body), context));
  } catch (error) {
    // A client that hung up mid-request (its body "aborted") has nobody left to answer.
    if (req.destroyed || req.socket.destroyed || (error as NodeJS.ErrnoException).code === "ECONNRESET" || res.headersSent) return;
    const requestId = currentRequestId();
    componentLogger("api").error({ err: error, request_id: requestId, method: req.method }, "the API call failed unexpectedly");
    sendAnswer(res, errorAnswer(toAppError(error).appError, requestId));
  }
}
