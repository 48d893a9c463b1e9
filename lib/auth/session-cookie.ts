import { cookies } from "next/headers";

/** next-auth's session cookie, with its secure-context prefix and the numbered parts of a large token. */
const SESSION_COOKIE = /^(__Secure-)?next-auth\.session-token(\.\d+)?$/;

/** The login page's notice after a password change ended every session. */
export const PASSWORD_CHANGED_NOTICE = "password-changed";

/** The login page's notice after "sign out everywhere". */
export const SIGNED_OUT_EVERYWHERE_NOTICE = "signed-out-everywhere";

/** Ends this browser's session: sessions are JWTs held only in that cookie. */
export async function clearSessionCookie(): Promise<void> {
  const jar = await cookies();
  for (const { name } of jar.getAll()) if (SESSION_COOKIE.test(name)) jar.delete(name);
}
