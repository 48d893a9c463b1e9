import { currentRequestId } from "@/lib/observability/request-context";
import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { errorAnswer, errorResponse, toAppError } from "@/lib/api/errors";
import { authOptions } from "@/lib/auth/auth-options";
import { countLoginAttempt } from "@/lib/auth/login-attempts";
import { loginUrl } from "@/lib/auth/login-url";
import { nextAuthAnswer } from "@/lib/auth/next-auth-actions";
import { signOutEndingSession, standingSessionOnly } from "@/lib/auth/next-auth-session";
import { AppError } from "@/lib/errors/app-error";
import { clientIpOf } from "@/lib/http/client-ip";
import { componentLogger } from "@/lib/observability/logger";

type RouteContext = { params: Promise<{ nextauth: string[] }> };

// GET and POST /api/auth/<action>: the part of next-auth the panel uses (lib/auth/next-auth-actions.ts).
async function nextAuth(request: Request, context: RouteContext): Promise<Response> {
  try {
    return await answer(request, context);
  } catch (error) {
    const requestId = currentRequestId();
    componentLogger("api").error({ err: error, request_id: requestId, method: request.method }, "a sign-in call failed unexpectedly");
    return errorResponse(toAppError(error).appError, requestId);
  }
}

async function answer(request: Request, context: RouteContext): Promise<Response> {
  const called = nextAuthAnswer(request.method, (await context.params).nextauth);
  if ("refuse" in called) {
    const path = new URL(request.url).pathname;
    const refusal =
      called.refuse === "not_found"
        ? new AppError("not_found", `No API endpoint at ${request.method} ${path}.`)
        : new AppError("method_not_allowed", `${path} does not take ${request.method}; it takes ${called.allow}.`, {}, { Allow: called.allow });
    return errorResponse(refusal, currentRequestId());
  }
  // next-auth answers GET alone (HEAD was a 400): Next hands HEAD to this GET handler, and sends no body for it.
  const asked = request.method === "HEAD" ? new NextRequest(request.url, { headers: request.headers }) : request;
  switch (called.use) {
    case "login-page":
      return new Response(null, { status: 302, headers: { Location: loginUrl(request.headers, new URL(request.url).searchParams.get("error")) } });
    case "sign-in":
      return (await signInRefusal(request)) ?? NextAuth(authOptions())(asked, context);
    case "sign-out":
      return signOutEndingSession((options) => NextAuth(options)(asked, context));
    case "session":
      return standingSessionOnly(await NextAuth(authOptions())(asked, context));
    case "next-auth":
      return NextAuth(authOptions())(asked, context);
  }
}

/**
 * A sign-in attempt is counted per client IP first. The refusal keeps the shape next-auth's client
 * reads ({ url } carrying ?error=) with a real 429.
 */
async function signInRefusal(request: Request): Promise<Response | null> {
  const refusal = await countLoginAttempt(clientIpOf(request.headers));
  if (!refusal) return null;
  const { status, headers, body } = errorAnswer(
    new AppError("rate_limited", refusal.message, { retry_after: refusal.retryAfterSeconds }, { "Retry-After": String(refusal.retryAfterSeconds) }),
    currentRequestId(),
  );
  return Response.json(Object.assign({ url: loginUrl(request.headers, refusal.message) }, body), { status, headers });
}

export { nextAuth as GET, nextAuth as POST };
