import type { Metadata } from "next";
import { ClaimStatusBadge, CLAIM_REASON_LABELS } from "@/components/claims/claim-status-badge";
import { Card } from "@/components/ui/card";
import { CursorPager } from "@/components/ui/cursor-pager";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { PendingLink } from "@/components/ui/pending-link";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { requireCapability } from "@/lib/auth/session";
import { listResellerClaims } from "@/lib/claims/read-claims";
import { isOverdue, timeLeftText } from "@/lib/claims/sla";
import { db } from "@/lib/db/client";
import { isIdOf } from "@/lib/ids/ids";
import { formatDateTime } from "@/lib/panel/format";

export const metadata: Metadata = { title: "Claims" };

const PAGE_SIZE = 25;

export default async function ClaimsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { account: user } = await requireCapability("claims");
  const raw = (await searchParams).cursor;
  const cursor = typeof raw === "string" && isIdOf("clm", raw) ? raw : undefined;
  const page = await listResellerClaims(db(), user.id, { cursor, limit: PAGE_SIZE });
  const now = new Date();
  return (
    <>
      <PageHeader title="Claims" description="Problems you reported with delivered orders, and our answers. Open a claim from the order's page." />
      <Card>
        {page.data.length === 0 ? (
          <EmptyState title={cursor ? "No older claims" : "No claims yet"}>
            {cursor ? "You have reached your first claim." : "When a code does not work or a top-up never arrives, open a claim on the order's page."}
          </EmptyState>
        ) : (
          <Table>
            <THead>
              <tr>
                <Th>Claim</Th>
                <Th>Reason</Th>
                <Th>Status</Th>
                <Th>Answer by</Th>
                <Th>Opened</Th>
              </tr>
            </THead>
            <TBody>
              {page.data.map((claim) => {
                const open = claim.status === "open" || claim.status === "in_review" || claim.status === "replacing";
                return (
                  <Tr key={claim.id}>
                    <Td>
                      <PendingLink href={`/claims/${claim.id}`} className="font-mono text-xs font-medium text-brand-600 hover:text-brand-700">
                        {claim.id}
                      </PendingLink>
                    </Td>
                    <Td label="Reason">{CLAIM_REASON_LABELS[claim.reason]}</Td>
                    <Td label="Status">
                      <ClaimStatusBadge status={claim.status} />
                    </Td>
                    <Td label="Answer by">
                      {open
                        ? `${formatDateTime(claim.respondBy)}${isOverdue(claim.respondBy, now) ? "" : ` (${timeLeftText(claim.respondBy, now)})`}`
                        : "Answered"}
                    </Td>
                    <Td label="Opened">{formatDateTime(claim.createdAt)}</Td>
                  </Tr>
                );
              })}
            </TBody>
          </Table>
        )}
        <CursorPager newestHref={cursor ? "/claims" : null} olderHref={page.nextCursor ? `/claims?cursor=${page.nextCursor}` : null} />
      </Card>
    </>
  );
}
