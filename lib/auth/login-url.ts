import type { HeaderReader } from "@/lib/http/header-reader";
import { clientOrigin } from "@/lib/http/client-origin";

/**
 * The panel's login page, with the error it shows, at the origin the client used: the server binds to
 * 0.0.0.0, which is what the request's URL names. Relative when the request named no host at all.
 */
export function loginUrl(headers: HeaderReader, error?: string | null): string {
  const query = error ? `?${new URLSearchParams({ error })}` : "";
  const origin = clientOrigin(headers);
  return `${origin ?? ""}/login${query}`;
}
