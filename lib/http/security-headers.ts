/** Two years, the preload lists' floor; subdomains too, since a session cookie is no safer on one. */
export const STRICT_TRANSPORT_SECURITY = "max-age=63072000; includeSubDomains";

/**
 * The pages' policy: scripts only from this origin and only those the server vouched for in this
 * answer (Next puts the nonce on its own inline and bundle scripts; 'strict-dynamic' lets them load
 * the route chunks they import). Stylesheets likewise; style attributes stay allowed, since a figure
 * that shrinks to fit its box (components/ui/money.tsx) sets its size in one, and an attribute can
 * style but never run code. QR codes are inline SVG, and images this origin or data: URIs. No page
 * may be framed, post a form elsewhere, or move its base URL.
 */
export function contentSecurityPolicy(nonce: string, { dev, https }: { dev: boolean; https: boolean }): string {
  return [
    "default-src 'self'",
    // React rebuilds server error stacks with eval in development only.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    // Development injects the stylesheets of hot reloads as <style> elements without a nonce.
    `style-src 'self' ${dev ? "'unsafe-inline'" : `'nonce-${nonce}'`}`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    // Over plain http (the embedded demo on 127.0.0.1) this would send every asset to an https port that is not there.
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** A nonce as CSP wants it: 128 random bits, base64. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

/**
 * Whether the request reached us over https. The server speaks plain http itself, so only a proxy in
 * front can say so, in X-Forwarded-Proto; lib/server/main.ts drops that header unless TRUST_PROXY=1
 * (dropUntrustedForwarding), so what is left here is the trusted proxy's word. Of a chain of proxies
 * the first value is the one the browser used.
 */
export function cameOverHttps(forwardedProto: string | null | undefined): boolean {
  return forwardedProto?.split(",")[0]?.trim().toLowerCase() === "https";
}
