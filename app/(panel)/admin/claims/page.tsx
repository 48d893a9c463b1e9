import type { Metadata } from "next";
import { ClaimStatusBadge, CLAIM_REASON_LABELS } from "@/components/claims/claim-status-badge";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { PendingLink } from "@/components/ui/pending-link";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { requireAdmin } from "@/lib/auth/session";
import { claimsQueue, recentlyResolvedClaims, type QueuedClaim } from "@/lib/claims/read-claims";
import { isOverdue, timeLeftText } from "@/lib/claims/sla";
import { allClaimWindows } from "@/lib/claims/windows";
import { db } from "@/lib/db/client";
import { formatDateTime } from "@/lib/panel/format";
import { ClaimWindowsForm } from "./claim-windows-form";

export const metadata: Metadata = { title: "Claims" };

function ClaimRows({ rows, now, open }: { rows: QueuedClaim[]; now: Date; open: boolean }) {
  return (
    <Table>
      <THead>
        <tr>
          <Th>Claim</Th>
          <Th>Reseller</Th>
          <Th>Reason</Th>
          <Th>Status</Th>
          <Th>{open ? "Time left" : "Resolved"}</Th>
          <Th>{open ? "Taken by" : "By"}</Th>
        </tr>
      </THead>
      <TBody>
        {rows.map(({ claim, resellerEmail, productName, takenByEmail }) => (
          <Tr key={claim.id}>
            <Td>
              <PendingLink href={`/admin/claims/${claim.id}`} className="font-medium text-brand-600 hover:text-brand-700" data-testid="queue-claim">
                {productName}
              </PendingLink>
              <span className="block font-mono text-xs text-slate-500">{claim.id}</span>
            </Td>
            <Td label="Reseller">{resellerEmail}</Td>
            <Td label="Reason">{CLAIM_REASON_LABELS[claim.reason]}</Td>
            <Td label="Status">
              <ClaimStatusBadge status={claim.status} />
            </Td>
            <Td label={open ? "Time left" : "Resolved"}>
              {open ? (
                isOverdue(claim.respondBy, now) ? (
                  <Badge tone="red">{timeLeftText(claim.respondBy, now)}</Badge>
                ) : (
                  timeLeftText(claim.respondBy, now)
                )
              ) : (
                formatDateTime(claim.resolvedAt ?? claim.updatedAt)
              )}
            </Td>
            <Td label={open ? "Taken by" : "By"}>{takenByEmail ?? "—"}</Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}

export default async function AdminClaimsPage() {
  await requireAdmin();
  const [queue, resolved, windows] = await Promise.all([claimsQueue(db(), { limit: 200 }), recentlyResolvedClaims(db(), { limit: 20 }), allClaimWindows(db())]);
  const now = new Date();
  return (
    <>
      <PageHeader title="Claims" description="Resellers' claims on delivered orders, the least time left to the promised answer first; overdue ones lead." />
      <div className="space-y-6">
        <Card>
          <CardHeader title="Open claims" description={`${queue.length} waiting for an answer.`} />
          {queue.length === 0 ? (
            <EmptyState title="No open claims">New claims show up here with the time left to answer them.</EmptyState>
          ) : (
            <ClaimRows rows={queue} now={now} open />
          )}
        </Card>
        <Card>
          <CardHeader title="Recently resolved" />
          {resolved.length === 0 ? <EmptyState title="None resolved yet" /> : <ClaimRows rows={resolved} now={now} open={false} />}
        </Card>
        <Card>
          <CardHeader title="Claim windows" description="How long after delivery a reseller may claim an order, by category." />
          <CardBody>
            <ClaimWindowsForm windows={windows.map((w) => ({ category: w.category, hours: w.seconds / 3600, isDefault: w.isDefault }))} />
          </CardBody>
        </Card>
      </div>
    </>
  );
}
