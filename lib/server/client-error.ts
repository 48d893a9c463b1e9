import { randomUUID } from "node:crypto";
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { errorAnswer } from "@/lib/api/errors";
import { AppError, validationError } from "@/lib/errors/app-error";
import { currentRequestId } from "@/lib/observability/request-context";
import { sendAnswer } from "./node-web";

type ServerSocket = Socket & { _httpMessage?: ServerResponse | null };

/**
 * Node answers a request it cannot parse with a bare status line. The API promises its error body on
 * every error, and a client's JSON parser needs one, so these get it too: 431 for headers over
 * Node's 16 KB limit, 400 for anything else malformed (an unknown method, a control byte in a
 * header). Node's own rules decide when nothing can be sent, and a timeout keeps Node's 408.
 */
export function answerClientError(error: Error & { code?: string }, socket: ServerSocket): void {
  if (error.code === "ECONNRESET" || !socket.writable || socket._httpMessage?.headersSent) {
    socket.destroy();
    return;
  }
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    socket.end("HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n");
    return;
  }
  const refusal =
    error.code === "HPE_HEADER_OVERFLOW"
      ? new AppError("headers_too_large", "The request's headers are over 16 KB.")
      : validationError([{ path: "request", message: "Is not a well-formed HTTP request." }]);
  const { status, headers, body } = errorAnswer(refusal, randomUUID());
  const json = JSON.stringify(body);
  const lines = [`HTTP/1.1 ${status} ${STATUS_CODES[status]}`];
  for (const name in headers) lines.push(`${name}: ${headers[name]}`);
  lines.push("Content-Type: application/json", `Content-Length: ${Buffer.byteLength(json)}`, "Connection: close");
  socket.end(`${lines.join("\r\n")}\r\n\r\n${json}`);
}

/**
 * HTTP/1.1 requires a Host header. Node refuses a request without one with a bare 400 of its own
 * unless the server is made with `requireHostHeader: false`, which lets the request reach here to
 * be refused with the error body. HTTP/1.0 had no Host, and such a request is served as before.
 */
export function refuseMissingHost(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.headers.host !== undefined || req.httpVersion !== "1.1") return false;
  const refusal = validationError([{ path: "header.Host", message: "Required: an HTTP/1.1 request names the host it is for." }]);
  res.setHeader("Connection", "close");
  sendAnswer(res, errorAnswer(refusal, currentRequestId()));
  return true;
}
