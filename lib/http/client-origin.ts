import type { HeaderReader } from "@/lib/http/header-reader";

/** The first entry of a header a chain of proxies may have appended to. */
function firstEntry(value: string | null): string | null {
  return value?.split(",")[0]?.trim() || null;
}

/**
 * The origin the client used: scheme, host and port, as its browser would send it in Origin. Behind a
 * trusted proxy that is what X-Forwarded-Host and -Proto say (the server drops them otherwise, and Next
 * fills them in from the Host header and the socket); without them, the Host header over http. Never the
 * address the server binds to. Null when no host was named, or a "host" that is not one (a path or
 * credentials in it).
 */
export function clientOrigin(headers: HeaderReader): string | null {
  const host = firstEntry(headers.get("x-forwarded-host")) ?? headers.get("host");
  if (!host) return null;
  const scheme = firstEntry(headers.get("x-forwarded-proto"))?.toLowerCase() === "https" ? "https" : "http";
  const url = URL.parse(`${scheme}://${host}`);
  return url && url.href === `${url.origin}/` ? url.origin : null;
}

/**
 * Whether an Origin header names the origin the client used: scheme, host and port alike. A page on
 * another port of the same host, or on plain http of an https site, is another origin, and the session
 * cookie (SameSite=Lax, which ignores both) does reach us from it.
 */
export function isClientOrigin(origin: string | null, headers: HeaderReader): boolean {
  const own = clientOrigin(headers);
  return own !== null && origin !== null && URL.parse(origin)?.origin === own;
}
