import type { Metadata } from "next";
import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { requireCapability } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { formatDateTime } from "@/lib/panel/format";
import { listMembers, listPendingInvitations } from "@/lib/teams/members";
import { can, ROLE_DESCRIPTIONS, ASSIGNABLE_ROLES } from "@/lib/teams/permissions";
import {
  acceptOwnershipAction,
  offerOwnershipAction,
  removeMemberAction,
  revokeInvitationAction,
  changeRoleAction,
  setTwoFactorRequiredAction,
  withdrawOwnershipOfferAction,
} from "./actions";
import { ConfirmedActionForm, InviteMemberForm, RoleForm } from "./member-forms";

export const metadata: Metadata = { title: "Members" };

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm wrap-anywhere text-slate-800">{children}</dd>
    </div>
  );
}

export default async function MembersPage() {
  const { account, member: me, memberRole } = await requireCapability("members");
  const [members, invitations] = await Promise.all([listMembers(db(), account.id), listPendingInvitations(db(), account.id)]);
  const isOwner = can(memberRole, "ownership");
  const offeredTo = members.find((row) => row.id === account.ownershipOfferedTo);

  return (
    <>
      <PageHeader
        title="Members"
        description="The people who sign in to this account, each with a role. Removing a member signs them out everywhere at once."
      />

      {offeredTo && offeredTo.id === me.id ? (
        <Alert tone="warning" className="mb-6 flex flex-wrap items-center justify-between gap-3" data-testid="ownership-offer">
          <span>The owner offers you the ownership of this account. You become the owner; they become an admin.</span>
          <ConfirmedActionForm
            action={acceptOwnershipAction}
            fields={{}}
            name="Accept the ownership"
            label="Accept the ownership"
            confirmLabel="Become the owner"
            question="Take over the account?"
            variant="primary"
          />
        </Alert>
      ) : null}
      {offeredTo && isOwner ? (
        <Alert tone="info" className="mb-6 flex flex-wrap items-center justify-between gap-3">
          <span>You offered the ownership to {offeredTo.email}. It moves when they accept it on this page.</span>
          <ConfirmedActionForm
            action={withdrawOwnershipOfferAction}
            fields={{}}
            name="Withdraw the offer"
            label="Withdraw the offer"
            confirmLabel="Withdraw"
            question="Keep the ownership?"
            variant="secondary"
          />
        </Alert>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-5">
        <Card className="lg:col-span-3">
          <CardHeader title="Invite a member" description="We mail them a link to choose their name and password. It works once, for 7 days." />
          <CardBody>
            <InviteMemberForm />
          </CardBody>
        </Card>
        <Card className="lg:col-span-2">
          <CardHeader title="Roles" />
          <CardBody>
            <dl className="space-y-2 text-sm">
              {(["owner", ...ASSIGNABLE_ROLES] as const).map((role) => (
                <div key={role}>
                  <dt className="inline font-medium text-slate-900">{role}: </dt>
                  <dd className="inline text-slate-600">{ROLE_DESCRIPTIONS[role]}</dd>
                </div>
              ))}
            </dl>
          </CardBody>
        </Card>
      </div>

      <Card className="mt-6">
        <CardHeader title="Members" description={`${members.length} ${members.length === 1 ? "person" : "people"} on this account.`} />
        <ul className="divide-y divide-slate-100">
          {members.map((row) => {
            const editable = row.role !== "owner" && row.id !== me.id;
            return (
              <li key={row.id} className="px-4 py-4 sm:px-6" data-testid="member-row">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                      <span className="truncate">{row.name}</span>
                      <Badge tone={row.role === "owner" ? "amber" : "blue"}>{row.role}</Badge>
                      {row.id === me.id ? <Badge>you</Badge> : null}
                    </p>
                    <p className="text-sm wrap-anywhere text-slate-500">{row.email}</p>
                  </div>
                  {editable ? (
                    <div className="flex flex-wrap items-start gap-3">
                      <RoleForm action={changeRoleAction} memberId={row.id} role={row.role} name={row.name} />
                      {isOwner && row.role === "admin" && account.ownershipOfferedTo !== row.id ? (
                        <ConfirmedActionForm
                          action={offerOwnershipAction}
                          fields={{ memberId: row.id }}
                          name={`Offer the ownership to ${row.name}`}
                          label="Offer ownership"
                          confirmLabel="Offer"
                          question="They become the owner once they accept; you become an admin."
                          variant="secondary"
                        />
                      ) : null}
                      {row.id !== account.id ? (
                        <ConfirmedActionForm
                          action={removeMemberAction}
                          fields={{ memberId: row.id }}
                          name={`Remove ${row.name}`}
                          label="Remove"
                          confirmLabel="Remove member"
                          question="They are signed out everywhere at once."
                        />
                      ) : null}
                    </div>
                  ) : null}
                </div>
                <dl className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-3">
                  <Detail label="Last sign-in">{row.lastSignInAt ? formatDateTime(row.lastSignInAt) : "Never"}</Detail>
                  <Detail label="Two-factor sign-in">{row.twoFactorOn ? <Badge tone="green">On</Badge> : <Badge tone="neutral">Off</Badge>}</Detail>
                  <Detail label="Member since">{formatDateTime(row.joinedAt)}</Detail>
                </dl>
              </li>
            );
          })}
        </ul>
      </Card>

      <Card className="mt-6">
        <CardHeader title="Pending invitations" />
        {invitations.length === 0 ? (
          <EmptyState title="No pending invitations">Invitations waiting to be accepted show here until they are, or their 7 days are up.</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100">
            {invitations.map((invitation) => (
              <li key={invitation.id} className="flex flex-wrap items-start justify-between gap-3 px-4 py-4 sm:px-6" data-testid="invitation-row">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-medium wrap-anywhere text-slate-900">
                    {invitation.email} <Badge tone="blue">{invitation.role}</Badge>
                  </p>
                  <p className="text-xs text-slate-500">
                    Sent {formatDateTime(invitation.invitedAt)}, works until {formatDateTime(invitation.expiresAt)}
                  </p>
                </div>
                <ConfirmedActionForm
                  action={revokeInvitationAction}
                  fields={{ invitationId: invitation.id }}
                  name={`Revoke the invitation to ${invitation.email}`}
                  label="Revoke"
                  confirmLabel="Revoke invitation"
                  question="The link stops working."
                />
              </li>
            ))}
          </ul>
        )}
      </Card>

      {isOwner ? (
        <Card className="mt-6">
          <CardHeader
            title="Two-factor sign-in for every member"
            description="When required, a member without it is sent to set it up at their next page, before anything else."
          />
          <CardBody className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-slate-700" data-testid="two-factor-rule">
              {account.twoFactorRequired ? "Required for every member." : "Each member's choice."}
            </p>
            <ConfirmedActionForm
              action={setTwoFactorRequiredAction}
              fields={{ required: account.twoFactorRequired ? "off" : "on" }}
              name="Two-factor sign-in rule"
              label={account.twoFactorRequired ? "Stop requiring it" : "Require it"}
              confirmLabel={account.twoFactorRequired ? "Stop requiring" : "Require two-factor"}
              question={account.twoFactorRequired ? "Members may turn it off." : "Members without it must set it up first."}
              variant={account.twoFactorRequired ? "danger" : "primary"}
            />
          </CardBody>
        </Card>
      ) : null}
    </>
  );
}
