import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/auth-options";
import { countLoginAttempt } from "@/lib/auth/login-attempts";
import { clientIpOf } from "@/lib/http/client-ip";

type RouteContext = { params: Promise<{ nextauth: string[] }> };

function nextAuth(request: Request, context: RouteContext) {
  return NextAuth(authOptions())(request, context);
}

// POST /api/auth/callback/credentials is a sign-in attempt: it is counted per client IP first.
// The refusal keeps the shape next-auth's client reads ({ url } carrying ?error=) with a real 429.
async function POST(request: Request, context: RouteContext) {
  const { nextauth } = await context.params;
  if (nextauth.join("/") === "callback/credentials") {
    const refusal = await countLoginAttempt(clientIpOf(request.headers));
    if (refusal) {
      const url = new URL("/login", request.url);
      url.searchParams.set("error", refusal.message);
      return Response.json(
        { url: url.toString(), error: { code: "rate_limited", message: refusal.message, retryable: true, details: { retry_after: refusal.retryAfterSeconds } } },
        { status: 429, headers: { "Retry-After": String(refusal.retryAfterSeconds) } },
      );
    }
  }
  return nextAuth(request, context);
}

export { nextAuth as GET, POST };
