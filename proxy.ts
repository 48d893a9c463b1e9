import { NextResponse, type NextRequest } from "next/server";
import { cameOverHttps, contentSecurityPolicy, newNonce, STRICT_TRANSPORT_SECURITY } from "@/lib/http/security-headers";

const dev = process.env.NODE_ENV === "development";

/**
 * Every page answer gets its own script nonce. Next reads it from the policy in the request's headers
 * and puts it on the scripts it renders, so the root layout renders every page per request
 * (app/layout.tsx); the browser receives the same policy in the answer.
 */
export function proxy(request: NextRequest) {
  const https = cameOverHttps(request.headers.get("x-forwarded-proto"));
  const policy = contentSecurityPolicy(newNonce(), { dev, https });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", policy);
  if (https) response.headers.set("strict-transport-security", STRICT_TRANSPORT_SECURITY);
  return response;
}

export const config = {
  matcher: [
    {
      // Not the API (its hot path never reaches Next, and JSON runs no script), nor build assets and
      // the icon, which are the same bytes for everyone. "api/" with its slash: /api-keys is a page.
      source: "/((?!api/|_next/static/|_next/image|favicon\\.ico|icon\\.svg).*)",
      // A prefetch's answer is never a document the browser runs: no nonce to spend on it.
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
