import { NextResponse, type NextRequest } from "next/server";
import { isClientOrigin } from "@/lib/http/client-origin";

/**
 * Next refuses a server action whose Origin names another host, comparing the host and port alone: a
 * page on http://panel.example posting to https://panel.example passed, and browsers that ignore the
 * scheme in SameSite send the session cookie with it. The whole origin must be ours. A request without
 * Origin is left to Next, which lets it through: no browser leaves it out of a cross-origin POST.
 */
export function proxy(request: NextRequest): NextResponse {
  const origin = request.headers.get("origin");
  if (origin === null || isClientOrigin(origin, request.headers)) return NextResponse.next();
  return new NextResponse("Cross-origin server action refused.", { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

// Only server action calls, which Next marks with this header: every other request skips the proxy.
export const config = { matcher: [{ source: "/:path*", has: [{ type: "header", key: "next-action" }] }] };
