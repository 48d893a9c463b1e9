import { randomUUID } from "node:crypto";
import NextAuth from "next-auth";
import { errorAnswer, errorResponse } from "@/lib/api/errors";
import { authOptions } from "@/lib/auth/auth-options";
import { findStandingUser, panelSessionOf } from "@/lib/auth/ended-sessions";
import { countLoginAttempt } from "@/lib/auth/login-attempts";
import { clearSessionCookie } from "@/lib/auth/session-cookie";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { clientIpOf } from "@/lib/http/client-ip";

type RouteContext = { params: Promise<{ nextauth: string[] }> };

/**
 * What next-auth will do with the path: it takes the action and the provider from the first two
 * segments and ignores any after them, so /session/x is the session and /callback/credentials/x a
 * sign-in. Matching the whole path instead let such a path past the checks below.
 */
async function nextAuthCall(context: RouteContext): Promise<{ action?: string; provider?: string }> {
  const [action, provider] = (await context.params).nextauth;
  return { action, provider };
}

async function nextAuth(request: Request, context: RouteContext): Promise<Response> {
  const { action } = await nextAuthCall(context);
  // next-auth's client logger posts here, and the server logs whatever comes, code and lines as sent:
  // anyone could write (or forge) lines in the log. The panel reads nothing from it.
  if (action === "_log") {
    return errorResponse(new AppError("not_found", `No API endpoint at ${request.method} ${new URL(request.url).pathname}.`), randomUUID());
  }
  const response: Response = await NextAuth(authOptions())(request, context);
  return action === "session" ? standingSessionOnly(response) : response;
}

/**
 * next-auth describes (and renews) any session whose cookie it can decode. One that was signed out,
 * ended everywhere, outlived its lifetime or whose account was blocked is described as none instead,
 * as for a visitor, and its cookie is cleared: a copied cookie tells nothing about the account.
 */
async function standingSessionOnly(response: Response): Promise<Response> {
  if (!response.ok) return response;
  const session = panelSessionOf(await response.clone().json());
  if (!session || (await findStandingUser(db(), session))) return response;
  await clearSessionCookie();
  return Response.json({}, { headers: { "Cache-Control": "no-store" } });
}

// POST /api/auth/callback/credentials is a sign-in attempt: it is counted per client IP first.
// The refusal keeps the shape next-auth's client reads ({ url } carrying ?error=) with a real 429.
async function POST(request: Request, context: RouteContext) {
  const { action, provider } = await nextAuthCall(context);
  if (action === "callback" && provider === "credentials") {
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
