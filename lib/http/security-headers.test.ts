import type { IncomingHttpHeaders } from "node:http";
import { describe, expect, it } from "vitest";
import { dropUntrustedForwarding } from "./forwarded-headers";
import { cameOverHttps, contentSecurityPolicy, newNonce } from "./security-headers";

/** What the page proxy sees of X-Forwarded-Proto once lib/server/main.ts has passed the request on. */
function forwardedProtoAfterServer(headers: IncomingHttpHeaders, trustProxy: boolean): string | undefined {
  dropUntrustedForwarding(headers, trustProxy);
  return headers["x-forwarded-proto"] as string | undefined;
}

describe("Strict-Transport-Security", () => {
  it("is sent when a trusted proxy says the browser came over https", () => {
    expect(cameOverHttps(forwardedProtoAfterServer({ "x-forwarded-proto": "https" }, true))).toBe(true);
    expect(cameOverHttps(forwardedProtoAfterServer({ "x-forwarded-proto": "HTTPS" }, true))).toBe(true);
    // A chain of proxies lists the browser's leg first.
    expect(cameOverHttps(forwardedProtoAfterServer({ "x-forwarded-proto": "https, http" }, true))).toBe(true);
  });

  it("is never sent over plain http, nor when an untrusted client claims https", () => {
    expect(cameOverHttps(forwardedProtoAfterServer({}, true))).toBe(false);
    expect(cameOverHttps(forwardedProtoAfterServer({ "x-forwarded-proto": "http" }, true))).toBe(false);
    expect(cameOverHttps(forwardedProtoAfterServer({ "x-forwarded-proto": "http, https" }, true))).toBe(false);
    expect(cameOverHttps(forwardedProtoAfterServer({ "x-forwarded-proto": "https" }, false))).toBe(false);
  });
});

describe("the pages' Content-Security-Policy", () => {
  const directives = (policy: string) => new Map(policy.split("; ").map((part) => [part.split(" ")[0], part.slice(part.indexOf(" ") + 1)]));

  it("runs only this answer's scripts, frames nowhere and posts nowhere else", () => {
    const policy = directives(contentSecurityPolicy("abc123", { dev: false, https: false }));
    expect(policy.get("script-src")).toBe("'self' 'nonce-abc123' 'strict-dynamic'");
    expect(policy.get("style-src")).toBe("'self' 'nonce-abc123'");
    expect(policy.get("object-src")).toBe("'none'");
    expect(policy.get("base-uri")).toBe("'self'");
    expect(policy.get("form-action")).toBe("'self'");
    expect(policy.get("frame-ancestors")).toBe("'none'");
    expect(policy.has("upgrade-insecure-requests")).toBe(false);
  });

  it("upgrades subresources only when the page itself came over https", () => {
    expect(contentSecurityPolicy("n", { dev: false, https: true })).toMatch(/; upgrade-insecure-requests$/);
  });

  it("allows eval and unsigned styles in development only", () => {
    expect(contentSecurityPolicy("n", { dev: false, https: false })).not.toMatch(/unsafe-eval|style-src [^;]*unsafe-inline/);
    expect(contentSecurityPolicy("n", { dev: true, https: false })).toMatch(/script-src [^;]*'unsafe-eval'.*style-src 'self' 'unsafe-inline'/);
  });

  it("draws a fresh 128-bit nonce each time", () => {
    const nonces = new Set(Array.from({ length: 50 }, newNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});
