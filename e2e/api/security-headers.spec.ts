import type { APIResponse } from "@playwright/test";
import { expect, test } from "../support/test";

const HSTS = "max-age=63072000; includeSubDomains";

/** The page's nonce, from its Content-Security-Policy; it also checks the policy's fixed directives. */
function nonceOf(response: APIResponse): string {
  const policy = response.headers()["content-security-policy"] ?? "";
  const directives = new Map(policy.split(/;\s*/).map((part) => [part.split(" ")[0], part.slice(part.indexOf(" ") + 1)]));
  const nonce = /^'self' 'nonce-([A-Za-z0-9+/=]+)' 'strict-dynamic'$/.exec(directives.get("script-src") ?? "")?.[1];
  expect(nonce, `script-src of ${policy}`).toBeDefined();
  expect(directives.get("frame-ancestors")).toBe("'none'");
  expect(directives.get("object-src")).toBe("'none'");
  expect(directives.get("base-uri")).toBe("'self'");
  expect(directives.get("form-action")).toBe("'self'");
  expect(directives.get("style-src")).toBe(`'self' 'nonce-${nonce}'`);
  return nonce!;
}

test.describe("the security headers of a page answer", () => {
  // /login and the 404 page were rendered per request already; /docs was a static page.
  for (const path of ["/login", "/docs", "/no-such-page"]) {
    test(`${path}: a fresh script nonce that every script of the page carries, and no HSTS over plain http`, async ({ request }) => {
      const first = await request.get(path);
      expect(first.status()).toBe(path === "/no-such-page" ? 404 : 200);
      const nonce = nonceOf(first);
      const html = await first.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
      // One policy only: a second one (next.config.ts's) would be enforced too.
      expect(first.headersArray().filter((header) => header.name.toLowerCase() === "content-security-policy")).toHaveLength(1);
      expect(first.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(first.headers()["x-frame-options"]).toBe("DENY");
      expect(first.headers()["strict-transport-security"]).toBeUndefined();

      const second = await request.get(path);
      expect(nonceOf(second)).not.toBe(nonce);
    });
  }

  test("HSTS when the trusted proxy says the browser came over https, and the policy upgrades subresources", async ({ request }) => {
    const page = await request.get("/login", { headers: { "X-Forwarded-Proto": "https" } });
    expect(page.status()).toBe(200);
    expect(page.headers()["strict-transport-security"]).toBe(HSTS);
    expect(page.headers()["content-security-policy"]).toContain("upgrade-insecure-requests");

    const plain = await request.get("/login", { headers: { "X-Forwarded-Proto": "http" } });
    expect(plain.headers()["strict-transport-security"]).toBeUndefined();
    expect(plain.headers()["content-security-policy"]).not.toContain("upgrade-insecure-requests");
  });
});

test.describe("the security headers of an API answer", () => {
  test("no page policy and no HSTS over plain http; Referrer-Policy where Next serves it", async ({ request, fixtures }) => {
    const withKey = await request.get("/api/v2/balance", { headers: { "X-API-Key": fixtures.alice.apiKey } });
    expect(withKey.status()).toBe(200);
    expect(withKey.headers()["strict-transport-security"]).toBeUndefined();
    expect(withKey.headers()["content-security-policy"] ?? "").not.toContain("script-src");

    const document = await request.get("/api/v2/openapi.json");
    expect(document.status()).toBe(200);
    expect(document.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(document.headers()["strict-transport-security"]).toBeUndefined();
    expect(document.headers()["content-security-policy"] ?? "").not.toContain("script-src");
  });
});
