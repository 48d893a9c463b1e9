import { randomUUID } from "node:crypto";
import { encode } from "next-auth/jwt";
import { cookies } from "next/headers";
import { config } from "@/lib/config/env";
import type { User } from "@/lib/db/schema";
import { SESSION_MAX_AGE_S } from "./session-lifetime";

/** next-auth's session cookie, with its secure-context prefix and the numbered parts of a large token. */
const SESSION_COOKIE = /^(__Secure-)?next-auth\.session-token(\.\d+)?$/;

/** The login page's notice after a password change ended every session. */
export const PASSWORD_CHANGED_NOTICE = "password-changed";

/** The login page's notice after a password was set through a reset link. */
export const PASSWORD_RESET_NOTICE = "password-reset";

/** The login page's notice after "sign out everywhere". */
export const SIGNED_OUT_EVERYWHERE_NOTICE = "signed-out-everywhere";

/** The invitation page sends the new member to sign in with it. */
export const INVITATION_ACCEPTED_NOTICE = "invitation-accepted";

/** Ends this browser's session: sessions are JWTs held only in that cookie. */
export async function clearSessionCookie(): Promise<void> {
  const jar = await cookies();
  for (const { name } of jar.getAll()) if (SESSION_COOKIE.test(name)) jar.delete(name);
}

/**
 * Gives this browser a new session signed in at `issuedAt`, after a change that ended every session
 * signed in before it (turning two-factor sign-in on) and that this one, which made it, survives. The
 * cookie is the one next-auth set, under its own name, so its secure prefix stays as it was.
 */
export async function renewSessionCookie(user: Pick<User, "id" | "email" | "name" | "role">, issuedAt: Date): Promise<void> {
  const jar = await cookies();
  const current = jar.getAll().filter(({ name }) => SESSION_COOKIE.test(name));
  const name = current[0]?.name.replace(/\.\d+$/, "");
  if (!name) return;
  for (const cookie of current) jar.delete(cookie.name);
  const token = await encode({
    secret: config().AUTH_SECRET,
    maxAge: SESSION_MAX_AGE_S,
    token: { sub: user.id, email: user.email, name: user.name, uid: user.id, role: user.role, issuedAt: issuedAt.getTime(), sid: randomUUID() },
  });
  jar.set(name, token, { httpOnly: true, sameSite: "lax", path: "/", secure: name.startsWith("__Secure-"), maxAge: SESSION_MAX_AGE_S });
}
