import { currentRequestId } from "@/lib/observability/request-context";
import type { IncomingMessage, ServerResponse } from "node:http";
import { errorAnswer } from "@/lib/api/errors";
import { AppError } from "@/lib/errors/app-error";
import { targetPath } from "@/lib/http/url-path";
import { sendAnswer } from "./node-web";

/**
 * The methods Next routes (its HTTP_METHODS). Node's parser takes some thirty more (TRACE, PROPFIND,
 * M-SEARCH ...); Next fails on those: TRACE cannot even become a web Request (a 500 and a TypeError in
 * the log), and a route handler answers the others 400 with no body.
 */
const NEXT_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"]);

/** What a page takes: GET and HEAD, and POST for its server actions. */
const PAGE_METHODS = "GET, HEAD, POST";

/**
 * Answers a request whose method Next cannot route, and returns false for Next to serve the others.
 * It comes after the API's own dispatch, which has already answered 405 with Allow on the paths of
 * its route table: an /api path that reaches here names no endpoint for this method, and gets the
 * 404 the API gives an unknown path (app/api/[...path]/route.ts). A page gets an HTML 405.
 */
export function refuseMethodNextCannotServe(req: IncomingMessage, res: ServerResponse): boolean {
  const method = req.method ?? "GET";
  if (NEXT_METHODS.has(method)) return false;
  const pathname = targetPath(req.url) ?? "/";
  if (pathname.startsWith("/api/")) {
    const refusal = new AppError("not_found", `No API endpoint at ${method} ${pathname}. See /api/v2/openapi.json.`);
    sendAnswer(res, errorAnswer(refusal, currentRequestId()));
    return true;
  }
  const page = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>405 Method Not Allowed</title></head><body><h1>405 Method Not Allowed</h1><p>This page takes ${PAGE_METHODS}.</p></body></html>\n`;
  res
    .writeHead(405, { Allow: PAGE_METHODS, "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" })
    .end(page);
  return true;
}
