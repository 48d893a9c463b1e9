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
