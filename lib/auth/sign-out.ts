"use server";

import { redirect } from "next/navigation";
import { clearSessionCookie } from "./session-cookie";

/**
 * Signs the caller out. Sessions are JWTs held only in their cookie, so clearing it is the whole of
 * what next-auth's own sign-out route does for them; as a server action behind a plain form, the panel
 * ships none of next-auth's client code (with the Babel runtime it brings, 8.5 kB gzip on every
 * page) and the button works before the page has hydrated.
 */
export async function signOut(): Promise<never> {
  await clearSessionCookie();
  redirect("/login");
}
