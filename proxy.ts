import { NextResponse, type NextRequest } from "next/server";
import { isClientOrigin } from "@/lib/http/client-origin";
import { cameOverHttps, contentSecurityPolicy, newNonce, STRICT_TRANSPORT_SECURITY } from "@/lib/http/security-headers";

const dev = process.env.NODE_ENV === "development";
const SERVER_ACTION_HEADER = "next-action";

/**
 * Next refuses a server action whose Origin names another host, comparing the host and port alone: a
 * page on http://panel.example posting to https://panel.example passed, and browsers that ignore the
 * scheme in SameSite send the session cookie with it. The whole origin must be ours. A request without
 * Origin is left to Next, which lets it through: no browser leaves it out of a cross-origin POST.
 */
function refusesCrossOriginAction(request: NextRequest): boolean {
  if (!request.headers.has(SERVER_ACTION_HEADER)) return false;
  const origin = request.headers.get("origin");
  return origin !== null && !isClientOrigin(origin, request.headers);
}

/**
 * Every page answer gets its own script nonce. Next reads it from the policy in the request's headers
 * and puts it on the scripts it renders, so the root layout renders every page per request
 * (app/layout.tsx); the browser receives the same policy in the answer.
 */
export function proxy(request: NextRequest): NextResponse {
  if (refusesCrossOriginAction(request)) {
    return new NextResponse("Cross-origin server action refused.", {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
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
    // Every server action call, wherever it is posted, for its origin check. Literal: Next reads the
    // matcher from the source without running it.
    { source: "/:path*", has: [{ type: "header", key: "next-action" }] },
  ],
};
