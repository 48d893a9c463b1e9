import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { cache } from "react";
import { db } from "@/lib/db/client";
import { noteCaller } from "@/lib/observability/request-context";
import type { User } from "@/lib/db/schema";
import { authOptions } from "./auth-options";
import { findStandingUser, panelSessionOf, type PanelSession } from "./ended-sessions";

/** The session this request's cookie carries, still standing or not. */
export const getPanelSession = cache(async (): Promise<PanelSession | null> => panelSessionOf(await getServerSession(authOptions())));

/**
 * The signed-in, active account, read from the database on each request (once, thanks to cache)
 * so that blocking an account, changing its password or signing out ends its sessions at once.
 */
export const getSessionUser = cache(async (): Promise<User | null> => {
  const session = await getPanelSession();
  if (!session) return null;
  const user = await findStandingUser(db(), session);
  // The page's access line names the reseller, as an API request's names its key's owner.
  if (user?.role === "reseller") noteCaller(user.id, null);
  return user;
});

export async function requireUser(): Promise<User> {
  const user = await getSessionUser();
  if (!user) redirect("/login");
  return user;
}

export async function requireAdmin(): Promise<User> {
  const user = await requireUser();
  if (user.role !== "admin") redirect("/dashboard");
  return user;
}

export async function requireReseller(): Promise<User> {
  const user = await requireUser();
  if (user.role !== "reseller") redirect("/admin");
  return user;
}
