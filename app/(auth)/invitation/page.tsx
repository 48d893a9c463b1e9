import type { Metadata } from "next";
import { SpentLink } from "@/components/auth/spent-link";
import { db } from "@/lib/db/client";
import { checkInvitation } from "@/lib/teams/members";
import { InvitationForm } from "./invitation-form";

export const metadata: Metadata = { title: "Join a reseller account", referrer: "no-referrer" };

export default async function InvitationPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { token } = await searchParams;
  const text = typeof token === "string" ? token : "";
  const check = await checkInvitation(db(), text);
  if (check.state !== "valid") {
    return (
      <SpentLink
        reason={check.state}
        what="Ask the account's owner or an admin for a new invitation: it comes by mail and works once, for 7 days."
        retry={{ href: "/login", label: "Go to sign-in" }}
      />
    );
  }
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-5 py-6 shadow-sm sm:px-8">
      <h1 className="text-xl font-semibold tracking-tight text-slate-900">Join {check.accountName}</h1>
      <p className="mt-1 text-sm text-slate-500">
        You are invited as <strong className="font-medium text-slate-700">{check.role}</strong>. Choose your name and a password to sign in with.
      </p>
      <InvitationForm token={text} email={check.email} />
    </div>
  );
}
