import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AuditLogTable } from "@/components/panel/audit-log-table";
import { TransactionsTable } from "@/components/panel/transactions-table";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader, Stat } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Money } from "@/components/ui/money";
import { PageHeader } from "@/components/ui/page-header";
import { PendingLink } from "@/components/ui/pending-link";
import { findUserById } from "@/lib/accounts/get-user";
import { listApiKeys } from "@/lib/api-keys/manage-keys";
import { listAuditLog } from "@/lib/audit/list-audit-log";
import { requireAdmin } from "@/lib/auth/session";
import { twoFactorStatus } from "@/lib/auth/two-factor";
import { db } from "@/lib/db/client";
import { listLedgerEntries } from "@/lib/ledger/list-entries";
import { formatMoney } from "@/lib/money/money";
import { formatDate, formatDateTime } from "@/lib/panel/format";
import { toAuditRow } from "@/lib/panel/audit-rows";
import { toTransactionRow } from "@/lib/panel/rows";
import { AdjustBalanceForm } from "./adjust-balance-form";
import { StatusForm } from "./status-form";
import { TierForm } from "./tier-form";
import { TwoFactorResetForm } from "./two-factor-reset-form";
import { ResetLinkForm } from "./reset-link-form";
import { TIERS } from "@/lib/db/schema";
import { subscriptionView } from "@/lib/subscriptions/rules";
import { listMembers } from "@/lib/teams/members";

export const metadata: Metadata = { title: "Reseller" };

export default async function ResellerDetailPage({ params }: { params: Promise<{ id: string }> }) {
  await requireAdmin();
  const { id } = await params;
  const reseller = await findUserById(db(), id);
  if (!reseller || reseller.role !== "reseller") notFound();
  const [keys, latest, twoFactor, changes, members] = await Promise.all([
    listApiKeys(db(), reseller.id),
    listLedgerEntries(db(), { userId: reseller.id, limit: 20 }),
    twoFactorStatus(db(), reseller.id),
    listAuditLog(db(), reseller.id, { limit: 10 }),
    listMembers(db(), reseller.id),
  ]);
  const activeKeys = keys.filter((key) => !key.revokedAt).length;
  const balance = formatMoney(reseller.balance);
  const subscription = subscriptionView(reseller);

  return (
    <>
      <PendingLink href="/admin" className="mb-3 inline-flex text-sm font-medium text-slate-500 hover:text-slate-900">
        ← Resellers
      </PendingLink>
      <PageHeader
        title={<span className="break-all">{reseller.email}</span>}
        description={`${reseller.name} · member since ${formatDate(reseller.createdAt)} · ${reseller.id}`}
      />

      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Stat label="Balance">
          <span data-testid="reseller-balance" className="block">
            <Money amount={balance} currency fit />
          </span>
        </Stat>
        <Stat
          label="Tier"
          hint={subscription.status === "expired" ? "Expired: Bronze prices" : subscription.periodEnd ? `until ${formatDate(subscription.periodEnd)}` : "Free"}
        >
          <span data-testid="reseller-tier">{reseller.tier}</span>
        </Stat>
        <Stat label="Status">
          <span data-testid="reseller-status">
            <Badge tone={reseller.status === "active" ? "green" : "red"}>{reseller.status === "active" ? "Active" : "Blocked"}</Badge>
          </span>
        </Stat>
        <Stat label="Active API keys" hint={`${keys.length - activeKeys} revoked`}>
          {activeKeys}
        </Stat>
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader title="Adjust balance" description="A manual credit or debit, recorded as an adjustment transaction." />
          <CardBody>
            <AdjustBalanceForm resellerId={reseller.id} email={reseller.email} balance={balance} balanceMicros={reseller.balance.toString()} />
          </CardBody>
        </Card>
        <div className="space-y-6">
          <Card>
            <CardHeader title="Access" />
            <CardBody>
              <StatusForm resellerId={reseller.id} email={reseller.email} status={reseller.status} />
            </CardBody>
          </Card>
          <Card>
            <CardHeader title="Email and password" />
            <CardBody>
              <ResetLinkForm
                resellerId={reseller.id}
                email={reseller.email}
                verifiedSince={reseller.emailVerifiedAt ? formatDate(reseller.emailVerifiedAt) : null}
              />
            </CardBody>
          </Card>
          <Card>
            <CardHeader title="Two-factor sign-in" />
            <CardBody>
              <TwoFactorResetForm resellerId={reseller.id} email={reseller.email} enabledSince={twoFactor ? formatDate(twoFactor.enabledAt) : null} />
            </CardBody>
          </Card>
          <Card>
            <CardHeader title="Tier" />
            <CardBody>
              <TierForm resellerId={reseller.id} email={reseller.email} tier={reseller.tier} tiers={TIERS} />
            </CardBody>
          </Card>
        </div>
      </div>

      <Card className="mt-6">
        <CardHeader title="Members" description="The people who sign in to this account. The owner manages them on the account's Members page." />
        <ul className="divide-y divide-slate-100">
          {members.map((member) => (
            <li
              key={member.id}
              className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3 text-sm sm:px-6"
              data-testid="admin-member-row"
            >
              <span className="flex min-w-0 flex-wrap items-center gap-2">
                <span className="font-medium text-slate-900">{member.name}</span>
                <Badge tone={member.role === "owner" ? "amber" : "blue"}>{member.role}</Badge>
                <span className="wrap-anywhere text-slate-500">{member.email}</span>
              </span>
              <span className="text-slate-500">
                {member.twoFactorOn ? "Two-factor on" : "Two-factor off"} · last sign-in {member.lastSignInAt ? formatDateTime(member.lastSignInAt) : "never"}
              </span>
            </li>
          ))}
        </ul>
      </Card>

      <Card className="mt-6">
        <CardHeader title="Latest transactions" description="The 20 most recent." />
        {latest.data.length === 0 ? <EmptyState title="No transactions yet" /> : <TransactionsTable rows={latest.data.map(toTransactionRow)} />}
      </Card>

      <Card className="mt-6">
        <CardHeader
          title="Audit log"
          description="The 10 latest changes the reseller made in the panel or through the API."
          action={
            <PendingLink href={`/admin/resellers/${reseller.id}/audit-log`} className="text-sm font-medium text-brand-600 hover:text-brand-700">
              Filter the whole log
            </PendingLink>
          }
        />
        {changes.data.length === 0 ? <EmptyState title="No changes yet" /> : <AuditLogTable rows={changes.data.map(toAuditRow)} />}
      </Card>
    </>
  );
}
