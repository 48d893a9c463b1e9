"use server";

import { eq } from "drizzle-orm";
import { redirect } from "next/navigation";
import { db } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { endSession } from "./ended-sessions";
import { getPanelSession, requireSignedIn } from "./session";
import { clearSessionCookie, SIGNED_OUT_EVERYWHERE_NOTICE } from "./session-cookie";

/**
 * Signs the caller out: this session is listed as ended, so a copy of its cookie is refused too, and
 * the cookie is cleared. As a server action behind a plain form, the panel ships none of next-auth's
 * client code (with the Babel runtime it brings, 8.5 kB gzip on every page) and the button works
 * before the page has hydrated.
 */
export async function signOut(): Promise<never> {
  const session = await getPanelSession();
  if (session) await endSession(db(), session);
  await clearSessionCookie();
  redirect("/login");
}

/** Ends every session of the person signed in, on every device, this one too, as a password change does. */
export async function signOutEverywhere(): Promise<never> {
  const { member: user } = await requireSignedIn();
  await db().update(users).set({ sessionsValidAfter: new Date() }).where(eq(users.id, user.id));
  await clearSessionCookie();
  redirect(`/login?notice=${SIGNED_OUT_EVERYWHERE_NOTICE}`);
}
