import { getServerSession } from "next-auth";
import { forbidden, redirect } from "next/navigation";
import { cache } from "react";
import { db } from "@/lib/db/client";
import { noteCaller } from "@/lib/observability/request-context";
import type { MemberRole, User } from "@/lib/db/schema";
import { can, type Capability } from "@/lib/teams/permissions";
import { mustSetUpTwoFactor } from "@/lib/teams/two-factor-policy";
import { authOptions } from "./auth-options";
import { findStandingSession, panelSessionOf, type PanelSession } from "./ended-sessions";

/** The session this request's cookie carries, still standing or not. */
export const getPanelSession = cache(async (): Promise<PanelSession | null> => panelSessionOf(await getServerSession(authOptions())));

/**
 * Who is signed in: the account everything account-scoped is kept on (balance, tier, orders, keys,
 * webhooks, notifications), the person (their own sign-in, password, two-factor, sessions), and the
 * person's role on the account (null for a platform admin).
 */
export interface SignedIn {
  account: User;
  member: User;
  memberRole: MemberRole | null;
}

/**
 * The signed-in person and their active account, read from the database on each request (once, thanks
 * to cache) so that blocking an account, removing a member, changing a password or signing out ends
 * the sessions at once.
 */
export const getSignedIn = cache(async (): Promise<SignedIn | null> => {
  const session = await getPanelSession();
  if (!session) return null;
  const standing = await findStandingSession(db(), session);
  if (!standing) return null;
  // The page's access line names the reseller account, as an API request's names its key's owner.
  if (standing.account.role === "reseller") noteCaller(standing.account.id, null);
  return { ...standing, memberRole: standing.member.memberRole };
});

/** The signed-in account: the reseller account a member acts for, or the admin. */
export const getSessionUser = cache(async (): Promise<User | null> => (await getSignedIn())?.account ?? null);

export async function requireSignedIn(): Promise<SignedIn> {
  const signedIn = await getSignedIn();
  if (!signedIn) redirect("/login");
  return signedIn;
}

export async function requireUser(): Promise<User> {
  return (await requireSignedIn()).account;
}

export async function requireAdmin(): Promise<User> {
  const user = await requireUser();
  if (user.role !== "admin") redirect("/");
  return user;
}

/** Where a person is sent to set up two-factor sign-in when the account requires it. */
export const TWO_FACTOR_SETUP_PATH = "/profile?two-factor=required";

/**
 * A reseller's page: the person's role must have the capability, else the panel's 403 page; a member
 * without the two-factor sign-in the account requires is sent to set it up before anything else.
 */
export async function requireCapability(capability: Capability): Promise<SignedIn & { memberRole: MemberRole }> {
  const signedIn = await requireSignedIn();
  if (signedIn.account.role !== "reseller" || !signedIn.memberRole) redirect("/admin");
  if (await mustSetUpTwoFactor(signedIn, db)) redirect(TWO_FACTOR_SETUP_PATH);
  if (!can(signedIn.memberRole, capability)) forbidden();
  return { ...signedIn, memberRole: signedIn.memberRole };
}

/**
 * A page every signed-in person has (the bell, its preferences): a platform admin passes; a member
 * needs the capability, and the two-factor sign-in their account requires first.
 */
export async function requirePersonalPage(capability: "profile" | "notification_settings"): Promise<SignedIn> {
  const signedIn = await requireSignedIn();
  if (!signedIn.memberRole) return signedIn;
  if (await mustSetUpTwoFactor(signedIn, db)) redirect(TWO_FACTOR_SETUP_PATH);
  if (!can(signedIn.memberRole, capability)) forbidden();
  return signedIn;
}
