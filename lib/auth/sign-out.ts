"use server";

import { cookies } from "next/headers";
import { redirect } from "next/navigation";

/** next-auth's session cookie, with its secure-context prefix and the numbered parts of a large token. */
const SESSION_COOKIE = /^(__Secure-)?next-auth\.session-token(\.\d+)?$/;

/**
 * Signs the caller out. Sessions are JWTs held only in that cookie, so clearing it is the whole of
 * what next-auth's own sign-out route does for them; as a server action behind a plain form, the panel
 * ships none of next-auth's client code (with the Babel runtime it brings, 8.5 kB gzip on every
 * page) and the button works before the page has hydrated.
 */
export async function signOut(): Promise<never> {
  const jar = await cookies();
  for (const { name } of jar.getAll()) if (SESSION_COOKIE.test(name)) jar.delete(name);
  redirect("/login");
}
