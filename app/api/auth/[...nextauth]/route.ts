import { randomUUID } from "node:crypto";
import NextAuth from "next-auth";
import { errorAnswer } from "@/lib/api/errors";
import { authOptions } from "@/lib/auth/auth-options";
import { countLoginAttempt } from "@/lib/auth/login-attempts";
import { AppError } from "@/lib/errors/app-error";
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
      const retryAfter = String(refusal.retryAfterSeconds);
      const { status, headers, body } = errorAnswer(
        new AppError("rate_limited", refusal.message, { retry_after: refusal.retryAfterSeconds }, { "Retry-After": retryAfter }),
        randomUUID(),
      );
      return Response.json(Object.assign({ url: url.toString() }, body), { status, headers });
    }
  }
  return nextAuth(request, context);
}

export { nextAuth as GET, POST };
