import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ClaimChatForm } from "@/components/claims/claim-chat-form";
import { ClaimFacts } from "@/components/claims/claim-facts";
import { ClaimStatusBadge } from "@/components/claims/claim-status-badge";
import { ChatMessages } from "@/components/orders/chat-messages";
import { toClaimChatMessage } from "@/lib/claims/serialize";
import { DeliveryItems } from "@/components/orders/delivery-items";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { PendingLink } from "@/components/ui/pending-link";
import { findUserById } from "@/lib/accounts/get-user";
import { requireAdmin } from "@/lib/auth/session";
import { claimRecord } from "@/lib/claims/claim-events";
import { latestClaimMessages } from "@/lib/claims/claim-messages";
import { outcomeText } from "@/lib/claims/outcome-text";
import { getClaimForAdmin } from "@/lib/claims/read-claims";
import { upstreamMessagesOf } from "@/lib/claims/upstream-claims";
import { findSupplier } from "@/lib/fulfilment/manage-suppliers";
import { isOverdue, timeLeftText } from "@/lib/claims/sla";
import { tryDecryptSecret } from "@/lib/crypto/encryption";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { refundedSoFar } from "@/lib/ledger/refunded";
import { formatMoney } from "@/lib/money/money";
import { getOrderForAdmin } from "@/lib/orders/list-orders";
import { toOrderRecord } from "@/lib/orders/serialize";
import { formatDateTime } from "@/lib/panel/format";
import { postSupportMessageAction } from "../actions";
import { RefundClaimForm, RejectClaimForm, ReplaceClaimForm, TakeClaimForm } from "./claim-forms";
import { UpstreamClaimCard } from "./upstream-claim-card";

export const metadata: Metadata = { title: "Claim" };

export default async function AdminClaimPage({ params }: { params: Promise<{ id: string }> }) {
  const admin = await requireAdmin();
  const claim = await getClaimForAdmin(db(), (await params).id).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  });
  const [order, record, chat, reseller, taker, resolver, upstreamMessages, upstreamSupplier] = await Promise.all([
    getOrderForAdmin(db(), claim.orderId),
    claimRecord(db(), claim),
    latestClaimMessages(db(), claim, 100),
    findUserById(db(), claim.userId),
    claim.takenBy ? findUserById(db(), claim.takenBy) : Promise.resolve(null),
    claim.resolvedBy ? findUserById(db(), claim.resolvedBy) : Promise.resolve(null),
    claim.upstreamSupplierId ? upstreamMessagesOf(db(), claim.id) : Promise.resolve([]),
    claim.upstreamSupplierId ? findSupplier(db(), claim.upstreamSupplierId) : Promise.resolve(null),
  ]);
  const left = order.status === "completed" ? order.total - (await refundedSoFar(db(), order.id)) : 0n;
  const open = claim.status === "open" || claim.status === "in_review" || claim.status === "replacing";
  const resellerEmail = reseller?.email ?? claim.userId;
  const delivery = toOrderRecord(order).delivery;
  const now = new Date();
  const holder = claim.takenBy ? { email: taker?.email ?? claim.takenBy, you: claim.takenBy === admin.id } : null;
  const mayResolve = open && claim.status !== "replacing" && (holder === null || holder.you);
  return (
    <>
      <PendingLink href="/admin/claims" className="mb-3 inline-flex text-sm font-medium text-slate-500 hover:text-slate-900">
        ← Claims
      </PendingLink>
      <PageHeader
        title={`Claim on ${order.productName}`}
        description={
          <>
            <span className="font-mono text-xs break-all">{claim.id}</span> · {resellerEmail} · order{" "}
            <PendingLink href={`/admin/orders/${order.id}`} className="font-mono text-xs text-brand-600 hover:text-brand-700">
              {order.id}
            </PendingLink>
          </>
        }
        action={<ClaimStatusBadge status={claim.status} />}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <div className="min-w-0 space-y-6">
          {claim.status === "replacing" ? (
            <Alert tone="info">
              <span data-testid="claim-replacing">
                No stock was left: a replacement is being bought from the supplier. The claim resolves as replaced once it delivers, or comes back here if it
                cannot.
              </span>
            </Alert>
          ) : null}
          {claim.replacementError && claim.status === "in_review" ? (
            <Alert tone="error">
              <span data-testid="claim-replacement-error">The replacement from the supplier failed: {claim.replacementError}</span>
            </Alert>
          ) : null}
          {open ? (
            <Alert tone={isOverdue(claim.respondBy, now) ? "error" : "info"}>
              <span data-testid="claim-deadline">
                Answer promised by {formatDateTime(claim.respondBy)}: {timeLeftText(claim.respondBy, now)}.
              </span>
            </Alert>
          ) : (
            <Alert tone="success">
              <span data-testid="claim-outcome">
                {outcomeText(claim)}{" "}
                {resolver
                  ? `(by ${resolver.email}, ${formatDateTime(claim.resolvedAt!)})`
                  : claim.resolvedAt
                    ? `(the supplier's outcome, applied ${formatDateTime(claim.resolvedAt)})`
                    : ""}
              </span>
            </Alert>
          )}
          <Card>
            <CardHeader title="What the reseller reported" />
            <CardBody>
              <ClaimFacts reason={claim.reason} message={claim.message} imageHref={record.image ? `/admin/claims/${claim.id}/image` : null} />
            </CardBody>
          </Card>
          <Card>
            <CardHeader title="Chat with the reseller" />
            <CardBody className="space-y-4">
              <ChatMessages messages={chat.messages.map(toClaimChatMessage)} viewer="supplier" supplierLabel="Support" />
              {open ? <ClaimChatForm claimId={claim.id} label="Reply as support" action={postSupportMessageAction} /> : null}
            </CardBody>
          </Card>
          <Card>
            <CardHeader title="The order's delivery" description={`Charged ${formatMoney(order.total)} USD; ${formatMoney(left)} USD of it left to refund.`} />
            <CardBody>
              {delivery ? (
                <DeliveryItems items={delivery.items} note={delivery.note} unreadableHint="This code does not decrypt with ENCRYPTION_KEY." />
              ) : (
                "Nothing delivered."
              )}
            </CardBody>
          </Card>
        </div>
        <div className="min-w-0 space-y-6">
          {upstreamSupplier ? <UpstreamClaimCard claim={claim} supplierName={upstreamSupplier.name} messages={upstreamMessages} /> : null}
          {open ? (
            <Card>
              <CardHeader title="Who works it" />
              <CardBody>
                <TakeClaimForm claimId={claim.id} holder={holder} />
              </CardBody>
            </Card>
          ) : null}
          {mayResolve ? (
            <>
              {delivery && delivery.items.length > 0 ? (
                <Card>
                  <CardHeader
                    title="Replace"
                    description="New codes from this product's stock, or re-ordered from its supplier when none is left, on the same order."
                  />
                  <CardBody>
                    <ReplaceClaimForm
                      claimId={claim.id}
                      items={delivery.items.map((item) => item.code ?? item.serial ?? "(unreadable)")}
                      reseller={resellerEmail}
                    />
                  </CardBody>
                </Card>
              ) : null}
              {left > 0n ? (
                <Card>
                  <CardHeader title="Refund" description="All or part of what is left of the charge." />
                  <CardBody>
                    <RefundClaimForm claimId={claim.id} left={formatMoney(left)} reseller={resellerEmail} />
                  </CardBody>
                </Card>
              ) : null}
              <Card>
                <CardHeader title="Reject" />
                <CardBody>
                  <RejectClaimForm claimId={claim.id} />
                </CardBody>
              </Card>
            </>
          ) : open ? (
            <p className="text-sm text-slate-500">Take the claim over to answer it.</p>
          ) : null}
          {claim.replacedItems && claim.replacedItems.length > 0 ? (
            <Card>
              <CardHeader title="Replaced codes" description="Taken back by the replacement." />
              <CardBody>
                <ul className="space-y-1 font-mono text-sm break-all" data-testid="replaced-codes">
                  {claim.replacedItems.map((item, index) => (
                    <li key={index}>{(item.codeEncrypted && tryDecryptSecret(item.codeEncrypted)) ?? item.serial ?? "(unreadable)"}</li>
                  ))}
                </ul>
              </CardBody>
            </Card>
          ) : null}
        </div>
      </div>
    </>
  );
}
