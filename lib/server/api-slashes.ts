import type { IncomingMessage } from "node:http";
import { targetPath } from "@/lib/http/url-path";

/**
 * Serves an API path written with doubled slashes (`/api/v2//order`, what a base URL ending in `/`
 * joined to `/order` makes) or one trailing slash (`/api/v2/order/`) as the plain path, for both the
 * direct dispatch and Next. Next answered them with a 308 and no body: a client that does not follow
 * redirects (PHP's curl by default) saw neither an order nor an error, and one that does sent a POST's
 * body twice. The panel's pages keep Next's redirect, which a browser follows.
 */
export function tidyApiSlashes(req: IncomingMessage): void {
  const pathname = targetPath(req.url);
  if (!pathname) return;
  let tidy = pathname.includes("//") ? pathname.replace(/\/{2,}/g, "/") : pathname;
  if (tidy.length <= "/api/".length || !tidy.startsWith("/api/")) return;
  if (tidy.endsWith("/")) tidy = tidy.slice(0, -1);
  if (tidy !== pathname) req.url = tidy + (req.url as string).slice(pathname.length);
}

/** A `.` or `..` segment, also spelled with escapes (`%2e`, `.%2E`), as a URL parser reads one. */
const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?=\/|$)/i;

/**
 * Whether a path has a `.` or `..` segment (`/api/v2/order/.`, `/api/v2/orders/%2e%2e`). Unlike a
 * doubled or trailing slash, such an API path is refused with the API's 404 rather than served as the
 * path it resolves to: `..` walks up to another endpoint than the one named (`/api/v2/orders/{id}/..`,
 * with an id taken from someone's input, is the order list), and no client writes one on purpose,
 * since curl and every WHATWG URL parser resolve them before sending. Next redirected them with a bare
 * 308, and a client that follows it sent a POST's order again.
 */
export function hasDotSegment(pathname: string): boolean {
  return DOT_SEGMENT.test(pathname);
}
