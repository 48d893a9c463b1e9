import type { NextAuthOptions } from "next-auth";
import type { JWT } from "next-auth/jwt";
import { db } from "@/lib/db/client";
import { authOptions } from "./auth-options";
import { endSession, findStandingSession, panelSessionOf, type PanelSession } from "./ended-sessions";
import { clearSessionCookie } from "./session-cookie";

/**
 * next-auth describes (and renews) any session whose cookie it can decode. One that was signed out,
 * ended everywhere, outlived its lifetime or whose account was blocked is described as none instead,
 * as for a visitor, and its cookie is cleared: a copied cookie tells nothing about the account.
 */
export async function standingSessionOnly(response: Response): Promise<Response> {
  if (!response.ok) return response;
  const session = panelSessionOf(await response.clone().json());
  if (!session || (await findStandingSession(db(), session))) return response;
  await clearSessionCookie();
  return Response.json({}, { headers: { "Cache-Control": "no-store" } });
}

function panelSessionOfToken(token: JWT): PanelSession | null {
  return token.uid ? { userId: token.uid, sessionId: token.sid ?? "", issuedAt: token.issuedAt ?? 0 } : null;
}

/**
 * next-auth's own sign-out (POST /api/auth/signout, what its client's signOut() calls) only cleared
 * the cookie, and a copy of it went on working. It now ends the session on the server as the panel's
 * sign-out does (lib/auth/sign-out.ts). next-auth still checks the CSRF token and decodes the cookie,
 * and names the session it signs out in its signOut event; the session is listed as ended before the
 * answer that clears the cookie goes out, so that a failure to list it leaves the cookie in place and
 * is answered as an error, never as a sign-out.
 */
export async function signOutEndingSession(nextAuth: (options: NextAuthOptions) => Promise<Response>): Promise<Response> {
  const signedOut: PanelSession[] = [];
  const options: NextAuthOptions = {
    ...authOptions(),
    events: {
      signOut({ token }) {
        const session = panelSessionOfToken(token);
        if (session) signedOut.push(session);
      },
    },
  };
  const response = await nextAuth(options);
  for (const session of signedOut) await endSession(db(), session);
  return response;
}
