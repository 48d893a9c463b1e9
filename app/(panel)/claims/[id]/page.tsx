import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ClaimChatForm } from "@/components/claims/claim-chat-form";
import { ClaimFacts } from "@/components/claims/claim-facts";
import { ClaimStatusBadge } from "@/components/claims/claim-status-badge";
import { ChatMessages } from "@/components/orders/chat-messages";
import { toClaimChatMessage } from "@/lib/claims/serialize";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { PendingLink } from "@/components/ui/pending-link";
import { requireCapability } from "@/lib/auth/session";
import { claimRecord } from "@/lib/claims/claim-events";
import { latestClaimMessages } from "@/lib/claims/claim-messages";
import { outcomeText } from "@/lib/claims/outcome-text";
import { getClaim } from "@/lib/claims/read-claims";
import { isOverdue, timeLeftText } from "@/lib/claims/sla";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { formatDateTime } from "@/lib/panel/format";
import { postClaimMessageAction } from "../actions";

export const metadata: Metadata = { title: "Claim" };

export default async function ClaimPage({ params }: { params: Promise<{ id: string }> }) {
  const { account: user } = await requireCapability("claims");
  const claim = await getClaim(db(), user.id, (await params).id).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  });
  const [record, chat] = await Promise.all([claimRecord(db(), claim), latestClaimMessages(db(), claim, 100)]);
  const open = claim.status === "open" || claim.status === "in_review" || claim.status === "replacing";
  const now = new Date();
  const outcome = outcomeText(claim);
  return (
    <>
      <PendingLink href={`/orders/${claim.orderId}`} className="mb-3 inline-flex text-sm font-medium text-slate-500 hover:text-slate-900">
        ← The order
      </PendingLink>
      <PageHeader
        title="Claim"
        description={<span className="font-mono text-xs break-all">{claim.id}</span>}
        action={<ClaimStatusBadge status={claim.status} />}
      />
      <div className="space-y-6">
        {open ? (
          <Alert tone="info">
            <span data-testid="claim-promise">
              We answer by {formatDateTime(claim.respondBy)}
              {isOverdue(claim.respondBy, now) ? "; we are late, and it is being looked at." : ` (${timeLeftText(claim.respondBy, now)}).`}
            </span>
          </Alert>
        ) : outcome ? (
          <Alert tone={claim.status === "rejected" ? "warning" : "success"}>
            <span data-testid="claim-outcome">{outcome}</span>
          </Alert>
        ) : null}
        <Card>
          <CardHeader title="What you reported" />
          <CardBody>
            <ClaimFacts reason={claim.reason} message={claim.message} imageHref={record.image ? `/claims/${claim.id}/image` : null} />
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Chat with support" />
          <CardBody className="space-y-4">
            <ChatMessages messages={chat.messages.map(toClaimChatMessage)} viewer="reseller" supplierLabel="Support" />
            {open ? (
              <ClaimChatForm claimId={claim.id} label="Message to support" action={postClaimMessageAction} />
            ) : (
              <p className="border-t border-slate-100 pt-4 text-sm text-slate-500">This claim is answered; the chat is read-only.</p>
            )}
          </CardBody>
        </Card>
      </div>
    </>
  );
}
