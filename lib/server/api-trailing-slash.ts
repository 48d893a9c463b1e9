import type { IncomingMessage } from "node:http";
import { targetPath } from "@/lib/http/url-path";

/**
 * Serves an API path written with one trailing slash (`/api/v2/order/`) as the path without it, for
 * both the direct dispatch and Next. Next answered it with a 308 and no body: a client that does not
 * follow redirects (PHP's curl by default) saw neither an order nor an error, and one that does sent a
 * POST's body twice. The panel's pages keep Next's redirect, which a browser follows.
 */
export function dropApiTrailingSlash(req: IncomingMessage): void {
  const pathname = targetPath(req.url);
  if (!pathname || pathname.length <= "/api/".length || !pathname.startsWith("/api/") || !pathname.endsWith("/")) return;
  const trimmed = pathname.slice(0, -1);
  if (trimmed.endsWith("/")) return;
  req.url = trimmed + (req.url as string).slice(pathname.length);
}
