import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { cache } from "react";
import { findUserById } from "@/lib/accounts/get-user";
import { db } from "@/lib/db/client";
import type { User } from "@/lib/db/schema";
import { authOptions } from "./auth-options";
import { sessionStillValid } from "./session-validity";

/**
 * The signed-in, active account, read from the database on each request (once, thanks to cache)
 * so that blocking an account, or changing its password, ends its sessions at once.
 */
export const getSessionUser = cache(async (): Promise<User | null> => {
  const session = await getServerSession(authOptions());
  if (!session?.user?.id) return null;
  const user = await findUserById(db(), session.user.id);
  return user && sessionStillValid(user, session.issuedAt) ? user : null;
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
