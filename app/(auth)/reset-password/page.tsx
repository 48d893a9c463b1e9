import type { Metadata } from "next";
import { SpentLink } from "@/components/auth/spent-link";
import { checkAccountToken } from "@/lib/accounts/account-tokens";
import { db } from "@/lib/db/client";
import { ResetPasswordForm } from "./reset-password-form";

export const metadata: Metadata = { title: "Choose a new password", referrer: "no-referrer" };

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { token } = await searchParams;
  const text = typeof token === "string" ? token : "";
  const check = await checkAccountToken(db(), "password_reset", text);
  if (check.state !== "valid") {
    return (
      <SpentLink
        reason={check.state}
        what="Ask for a new link: it comes by mail and works once, for 30 minutes."
        retry={{ href: "/forgot-password", label: "Send me a new link" }}
      />
    );
  }
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-5 py-6 shadow-sm sm:px-8">
      <h1 className="text-xl font-semibold tracking-tight text-slate-900">Choose a new password</h1>
      <p className="mt-1 text-sm text-slate-500">
        Every device signed in to this account signs in again with the new password. Two-factor sign-in, if on, stays on.
      </p>
      <ResetPasswordForm token={text} />
    </div>
  );
}
