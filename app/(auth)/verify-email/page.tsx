import type { Metadata } from "next";
import { SpentLink } from "@/components/auth/spent-link";
import { checkAccountToken } from "@/lib/accounts/account-tokens";
import { db } from "@/lib/db/client";
import { ConfirmEmailForm } from "./confirm-email-form";

export const metadata: Metadata = { title: "Confirm your email address", referrer: "no-referrer" };

/** A button, not the link alone, confirms: a mail scanner that opens every link must not confirm an address for its owner. */
export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { token } = await searchParams;
  const text = typeof token === "string" ? token : "";
  const check = await checkAccountToken(db(), "email_verification", text);
  if (check.state !== "valid") {
    return (
      <SpentLink
        reason={check.state}
        what="Sign in and ask for a new confirmation link on your profile page."
        retry={{ href: "/profile", label: "Ask for a new link" }}
      />
    );
  }
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-5 py-6 shadow-sm sm:px-8">
      <h1 className="text-xl font-semibold tracking-tight text-slate-900">Confirm your email address</h1>
      <ConfirmEmailForm token={text} email={check.token.email ?? ""} />
    </div>
  );
}
