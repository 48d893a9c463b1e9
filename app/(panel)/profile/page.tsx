import type { Metadata } from "next";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Alert } from "@/components/ui/alert";
import { requireSignedIn } from "@/lib/auth/session";
import { mustSetUpTwoFactor } from "@/lib/teams/two-factor-policy";
import { signOutEverywhere } from "@/lib/auth/sign-out";
import { twoFactorStatus } from "@/lib/auth/two-factor";
import { db } from "@/lib/db/client";
import { formatDate } from "@/lib/panel/format";
import { ChangePasswordForm } from "./change-password-form";
import { TwoFactorCard } from "./two-factor-card";
import { EmailCard } from "./email-card";
import { config } from "@/lib/config/env";

export const metadata: Metadata = { title: "Profile" };

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-3 gap-4 py-3">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="col-span-2 text-sm wrap-anywhere text-slate-900">{children}</dd>
    </div>
  );
}

export default async function ProfilePage() {
  // The person's own page: their name, address, password, two-factor sign-in and sessions.
  const signedIn = await requireSignedIn();
  const { account, member: user, memberRole } = signedIn;
  const [twoFactor, mustSetUp] = await Promise.all([twoFactorStatus(db(), user.id), mustSetUpTwoFactor(signedIn, db)]);
  return (
    <>
      <PageHeader title="Profile" description="Your account details, password, two-factor sign-in and sessions." />
      {mustSetUp ? (
        <Alert tone="warning" className="mb-6" data-testid="two-factor-required">
          This account requires two-factor sign-in for every member. Set it up below to continue to the rest of the panel.
        </Alert>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader title="Account" />
          <CardBody className="py-1 sm:py-1">
            <dl className="divide-y divide-slate-100">
              <Row label="Name">{user.name}</Row>
              <Row label="Email">{user.email}</Row>
              <Row label="Role">
                <Badge tone={memberRole ? "blue" : "amber"}>{memberRole ?? "admin"}</Badge>
              </Row>
              {memberRole ? <Row label="Account">{account.name}</Row> : null}
              {memberRole ? <Row label="Tier">{account.tier}</Row> : null}
              <Row label="Member since">{formatDate(user.createdAt)}</Row>
            </dl>
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Email address" description="The address you sign in with, where password resets and other account mail go." />
          <CardBody>
            <EmailCard verified={user.emailVerifiedAt !== null} required={config().REQUIRE_EMAIL_VERIFICATION && user.role !== "admin"} />
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Change password" description="Every device, this one too, signs in again with the new password." />
          <CardBody>
            <ChangePasswordForm />
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Two-factor sign-in" description="A code from an authenticator app after the password, for signing in to this panel." />
          <CardBody>
            <TwoFactorCard status={twoFactor && { enabledSince: formatDate(twoFactor.enabledAt), recoveryCodesLeft: twoFactor.recoveryCodesLeft }} />
          </CardBody>
        </Card>
        <Card>
          <CardHeader
            title="Sessions"
            description="Signing out ends this session, a copy of its cookie included. To end the sessions on your other devices too, sign out everywhere. API keys are not affected."
          />
          <CardBody>
            <form action={signOutEverywhere}>
              <ConfirmButton confirmLabel="Sign out everywhere" question="Every device signs in again.">
                Sign out everywhere
              </ConfirmButton>
            </form>
          </CardBody>
        </Card>
      </div>
    </>
  );
}
