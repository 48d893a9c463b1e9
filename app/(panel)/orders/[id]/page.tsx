import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/ui/page-header";
import { PendingLink } from "@/components/ui/pending-link";
import { AutoRefresh, PROGRESS_REFRESH_MS } from "@/components/panel/auto-refresh";
import { requireCapability } from "@/lib/auth/session";
import { findProduct } from "@/lib/catalog/get-product";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { getOrder } from "@/lib/orders/list-orders";
import { toMessageRecord } from "@/lib/orders/message-record";
import { latestOrderMessages } from "@/lib/orders/messages";
import { toOrderRecord } from "@/lib/orders/serialize";
import { waitsForOperator } from "@/lib/orders/take-order";
import { chatWindowOf, earlierMessagesHref } from "@/lib/panel/chat-window";
import { formatDateTime, formatTimeSince } from "@/lib/panel/format";
import { getClaim } from "@/lib/claims/read-claims";
import { outcomeText } from "@/lib/claims/outcome-text";
import { isOverdue, timeLeftText } from "@/lib/claims/sla";
import { claimWindowClosesAt } from "@/lib/claims/windows";
import { can } from "@/lib/teams/permissions";
import { ClaimCard, type ClaimSummary } from "./claim-card";
import { OrderView } from "./order-view";

export const metadata: Metadata = { title: "Order" };

export default async function OrderPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { account: user, memberRole } = await requireCapability("orders_read");
  const { id } = await params;
  const chatWindow = chatWindowOf((await searchParams).messages);
  const order = await getOrder(db(), user.id, id).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  });
  const [chat, product, claimPart] = await Promise.all([
    order.type === "manual"
      ? latestOrderMessages(db(), order, chatWindow).then(({ messages, earlier }) => ({
          messages: messages.map(toMessageRecord),
          size: chatWindow,
          earlierHref: earlier ? earlierMessagesHref(`/orders/${order.id}`, chatWindow) : null,
        }))
      : undefined,
    findProduct(db(), order.sku),
    claimPartOf(user.id, order, can(memberRole, "claims")),
  ]);
  // The reseller learns that an operator has the order and since when, never which admin.
  const progress = waitsForOperator(order, product) ? { operatorSince: order.takenAt ? formatTimeSince(order.takenAt) : null } : null;

  return (
    <>
      {progress ? <AutoRefresh every={PROGRESS_REFRESH_MS} /> : null}
      <PendingLink href="/orders" className="mb-3 inline-flex text-sm font-medium text-slate-500 hover:text-slate-900">
        ← Orders
      </PendingLink>
      <PageHeader
        title={order.productName}
        description={order.quantity > 1 ? `${order.quantity} × ${order.sku}` : order.sku}
        action={
          // A product taken off sale keeps its old orders readable, but has no page to order it again from.
          product?.enabled ? (
            <PendingLink href={`/catalog/${order.sku}`} className="text-sm font-medium text-brand-600 hover:text-brand-700">
              Order again →
            </PendingLink>
          ) : (
            <span className="text-sm text-slate-500">No longer on sale</span>
          )
        }
      />
      <OrderView
        order={toOrderRecord(order)}
        chat={chat}
        progress={progress}
        declaredFields={product?.fields.map(({ name, label }) => ({ name, label })) ?? []}
      />
      {claimPart ? (
        <div className="mt-6">
          <ClaimCard orderId={order.id} {...claimPart} />
        </div>
      ) : null}
    </>
  );
}

/** What the claim card shows: the latest claim, and whether the window still takes one. Nothing for an order never delivered. */
async function claimPartOf(userId: string, order: Awaited<ReturnType<typeof getOrder>>, handlesClaims: boolean) {
  const closes = await claimWindowClosesAt(db(), order);
  if (!closes) return null;
  const now = new Date();
  const latest = order.claimId ? await getClaim(db(), userId, order.claimId) : null;
  const claim: ClaimSummary | null = latest
    ? {
        id: latest.id,
        status: latest.status,
        respondBy: formatDateTime(latest.respondBy),
        timeLeft: isOverdue(latest.respondBy, now) ? "we are late; it is being looked at" : timeLeftText(latest.respondBy, now),
        outcome: outcomeText(latest),
      }
    : null;
  return { claim, closesAt: formatDateTime(closes), canClaim: handlesClaims && order.status === "completed" && closes > now };
}
