import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SIGN_IN_PAUSED } from "@/lib/auth/login-attempts";
import { getSessionUser } from "@/lib/auth/session";
import { CODE_REQUIRED, WRONG_CODE } from "@/lib/auth/two-factor-messages";
import { INVITATION_ACCEPTED_NOTICE, PASSWORD_CHANGED_NOTICE, PASSWORD_RESET_NOTICE, SIGNED_OUT_EVERYWHERE_NOTICE } from "@/lib/auth/session-cookie";
import { REMOVED_MEMBER } from "@/lib/auth/auth-options";
import { LoginForm } from "./login-form";

export const metadata: Metadata = { title: "Sign in" };

/** next-auth sends errors here as ?error=; only the messages our sign-in produces are shown as they are. */
function messageForError(error: string | undefined): string | undefined {
  if (!error) return undefined;
  if (error === "CredentialsSignin") return "Wrong email or password.";
  if (/^Too many sign-in attempts\. Try again in \d+ minutes?\.$/.test(error)) return error;
  if (error === "This account is disabled. Contact support." || error === SIGN_IN_PAUSED || error === WRONG_CODE || error === REMOVED_MEMBER) return error;
  // Only the form's second step sends a code; a sign-in that reached here without it starts over.
  if (error === CODE_REQUIRED) return "Two-factor sign-in is on for this account: sign in again to enter the code.";
  if (error === "SessionRequired") return "Sign in to continue.";
  return "Sign-in failed. Try again.";
}

/** Where the panel sent the reseller from, said in words (?notice=). */
function messageForNotice(notice: unknown): string | undefined {
  if (notice === PASSWORD_CHANGED_NOTICE) return "Your password was changed, and every session signed in before it has ended. Sign in with the new one.";
  if (notice === PASSWORD_RESET_NOTICE) return "Your new password is set, and every session signed in before it has ended. Sign in with it.";
  if (notice === SIGNED_OUT_EVERYWHERE_NOTICE) return "You are signed out on every device.";
  if (notice === INVITATION_ACCEPTED_NOTICE) return "You joined the account. Sign in with your email and the password you chose.";
  return undefined;
}

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  if (await getSessionUser()) redirect("/");
  const { error, notice } = await searchParams;
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-5 py-6 shadow-sm sm:px-8">
      <h1 className="text-xl font-semibold tracking-tight text-slate-900">Sign in</h1>
      <p className="mt-1 text-sm text-slate-500">Use the email and password of your reseller or admin account.</p>
      <LoginForm initialError={messageForError(typeof error === "string" ? error : undefined)} notice={messageForNotice(notice)} />
    </div>
  );
}
