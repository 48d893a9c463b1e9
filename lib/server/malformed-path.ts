import { currentRequestId } from "@/lib/observability/request-context";
import type { IncomingMessage, ServerResponse } from "node:http";
import { errorAnswer } from "@/lib/api/errors";
import { validationError } from "@/lib/errors/app-error";
import { isDecodable, targetPath } from "@/lib/http/url-path";
import { sendAnswer } from "./node-web";

const ISSUE = "Has a malformed percent escape.";

/**
 * Answers 400 to a path with a malformed percent escape (`/orders/%E0`), which Next answers with a
 * bare 500: the API's error body under /api, a line of text elsewhere. False for any other path.
 */
export function refuseMalformedPath(req: IncomingMessage, res: ServerResponse): boolean {
  const pathname = targetPath(req.url);
  if (pathname === null || isDecodable(pathname)) return false;
  if (pathname.startsWith("/api/")) sendAnswer(res, errorAnswer(validationError([{ path: "path", message: ISSUE }]), currentRequestId()));
  else
    res
      .writeHead(400, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff" })
      .end(`The path ${ISSUE.toLowerCase()}\n`);
  return true;
}
