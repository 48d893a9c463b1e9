import type { IncomingHttpHeaders } from "node:http";

/**
 * Without a trusted proxy in front, X-Forwarded-Host and X-Forwarded-Proto come from the client
 * itself. next-auth would build its callback URLs from them, and the API's same-origin check would
 * compare the Origin against them, so they are dropped before anything reads them, as the client
 * IP ignores X-Forwarded-For.
 */
export function dropUntrustedForwarding(headers: IncomingHttpHeaders, trustProxy: boolean): void {
  if (trustProxy) return;
  // Only when present: a delete turns the headers object into a slower dictionary, on every request.
  if (headers["x-forwarded-host"] !== undefined) delete headers["x-forwarded-host"];
  if (headers["x-forwarded-proto"] !== undefined) delete headers["x-forwarded-proto"];
}
