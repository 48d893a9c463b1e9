import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ChatMessages } from "@/components/orders/chat-messages";
import { DeliveryItems } from "@/components/orders/delivery-items";
import { OrderActivityList } from "@/components/orders/order-activity-list";
import { OrderFacts } from "@/components/orders/order-facts";
import { OrderStatusBadge } from "@/components/orders/order-status-badge";
import { SupplierAttemptsList } from "@/components/orders/supplier-attempts-list";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { AutoRefresh } from "@/components/panel/auto-refresh";
import { Money } from "@/components/ui/money";
import { PageHeader } from "@/components/ui/page-header";
import { PendingLink } from "@/components/ui/pending-link";
import { findUserById } from "@/lib/accounts/get-user";
import { requireAdmin } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { attemptLinesOf } from "@/lib/fulfilment/supplier-attempts";
import { formatMoney } from "@/lib/money/money";
import { getOrderForAdmin } from "@/lib/orders/list-orders";
import { toMessageRecord } from "@/lib/orders/message-record";
import { latestOrderMessages } from "@/lib/orders/messages";
import { ACTIVITY_WINDOW, listOrderActivity } from "@/lib/orders/order-activity";
import { toOrderRecord } from "@/lib/orders/serialize";
import { chatWindowOf, earlierMessagesHref } from "@/lib/panel/chat-window";
import { formatTimeSince } from "@/lib/panel/format";
import { CompleteOrderForm, FailOrderForm, RefundOrderForm, SupplierChatForm, TakeOrderForm, type OrderHolder } from "./order-actions";

export const metadata: Metadata = { title: "Order" };

export default async function AdminOrderPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const admin = await requireAdmin();
  const { id } = await params;
  const chatWindow = chatWindowOf((await searchParams).messages);
  const order = await getOrderForAdmin(db(), id).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  });
  const [reseller, taker, chat, activity, attempts] = await Promise.all([
    findUserById(db(), order.userId),
    order.takenBy ? findUserById(db(), order.takenBy) : Promise.resolve(null),
    order.type === "manual" ? latestOrderMessages(db(), order, chatWindow) : Promise.resolve({ messages: [], earlier: false }),
    listOrderActivity(db(), order.id),
    attemptLinesOf(db(), order.id),
  ]);
  const record = toOrderRecord(order);
  const manual = order.type === "manual";
  const open = order.status === "processing";
  const total = formatMoney(order.total);
  const resellerEmail = reseller?.email ?? order.userId;
  const holder: OrderHolder | null =
    order.takenBy && order.takenAt
      ? { id: order.takenBy, email: taker?.email ?? order.takenBy, since: formatTimeSince(order.takenAt), you: order.takenBy === admin.id }
      : null;

  return (
    <>
      {open ? <AutoRefresh every={4000} /> : null}
      <PendingLink
        href={manual && open ? "/admin/orders?tab=manual" : "/admin/orders"}
        className="mb-3 inline-flex text-sm font-medium text-slate-500 hover:text-slate-900"
      >
        ← {manual && open ? "Manual queue" : "Orders"}
      </PendingLink>
      <PageHeader
        title={order.productName}
        description={<span className="font-mono break-all">{order.id}</span>}
        action={<OrderStatusBadge status={order.status} size="md" />}
      />

      {order.status === "failed" ? (
        <Alert tone="error" className="mb-6">
          Failed; {total} USD went back to the reseller.{order.failureReason ? ` Reason: ${order.failureReason}` : ""}
        </Alert>
      ) : null}
      {order.status === "refunded" ? (
        <Alert tone="warning" className="mb-6">
          Refunded; {total} USD went back to the reseller.{order.failureReason ? ` Reason: ${order.failureReason}` : ""}
        </Alert>
      ) : null}

      {open ? (
        <Card className="mb-6">
          <CardBody>
            <TakeOrderForm orderId={order.id} holder={holder} />
          </CardBody>
        </Card>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          {manual ? (
            <Card>
              <CardHeader
                title="Chat with the reseller"
                description={open ? "You write as the supplier. The page refreshes every few seconds." : "The order is closed."}
              />
              <CardBody className="space-y-4">
                <ChatMessages
                  messages={chat.messages.map(toMessageRecord)}
                  viewer="supplier"
                  earlierHref={chat.earlier ? earlierMessagesHref(`/admin/orders/${order.id}`, chatWindow) : null}
                />
                {open ? <SupplierChatForm orderId={order.id} /> : null}
              </CardBody>
            </Card>
          ) : null}

          {record.delivery ? (
            <Card>
              <CardHeader title="Delivery" />
              <CardBody>
                {record.delivery.items.length === 0 && !record.delivery.note ? (
                  <p className="text-sm text-slate-500">Nothing to show.</p>
                ) : (
                  <DeliveryItems
                    items={record.delivery.items}
                    note={record.delivery.note}
                    unreadableHint="This value was encrypted with another ENCRYPTION_KEY and does not decrypt with this server's. Run npm run cli -- encryption:recover --old-key <that key> to re-encrypt it; until then the reseller sees a notice in its place."
                  />
                )}
              </CardBody>
            </Card>
          ) : null}

          <Card>
            <CardHeader title="Details" />
            <CardBody>
              <OrderFacts order={record} />
            </CardBody>
          </Card>

          {attempts.length > 0 ? (
            <Card>
              <CardHeader
                title="Upstream attempts"
                description="Each try at one of the product's offers, oldest first. The reseller never sees who supplied it."
              />
              <CardBody>
                <SupplierAttemptsList lines={attempts} revenue={order.total} />
              </CardBody>
            </Card>
          ) : null}

          <Card>
            <CardHeader
              title="Activity"
              description={
                activity.more
                  ? `What admins did to the order, newest first; the ${ACTIVITY_WINDOW} most recent.`
                  : "What admins did to the order, newest first."
              }
            />
            <CardBody>
              <OrderActivityList lines={activity.lines} />
            </CardBody>
          </Card>
        </div>

        <div className="min-w-0 space-y-6">
          <Card>
            <CardHeader title="Reseller" />
            <CardBody className="space-y-1 text-sm">
              {reseller ? (
                <>
                  <PendingLink href={`/admin/resellers/${reseller.id}`} className="font-medium break-all text-brand-600 hover:text-brand-700 hover:underline">
                    {reseller.email}
                  </PendingLink>
                  <p className="text-slate-600">
                    {reseller.name} · {reseller.tier}
                  </p>
                  <p className="text-slate-600">
                    Balance <Money amount={formatMoney(reseller.balance)} currency className="font-medium text-slate-900" />
                  </p>
                </>
              ) : (
                <p className="font-mono text-xs">{order.userId}</p>
              )}
            </CardBody>
          </Card>

          {open ? (
            <>
              {holder && !holder.you ? (
                // A hint, not a hidden form: the page refreshes every few seconds, and a note being typed when a colleague takes the order must not vanish.
                <Alert tone="warning" data-testid="held-by-another">
                  {holder.email} has taken this order: completing or failing it is refused until you take it over.
                </Alert>
              ) : null}
              <Card>
                <CardHeader
                  title="Complete"
                  description={
                    manual
                      ? "Deliver the service: the note (and any codes) go to the reseller."
                      : "Deliver it by hand, in the supplier's place: the note (and any codes) go to the reseller."
                  }
                />
                <CardBody>
                  <CompleteOrderForm orderId={order.id} reseller={resellerEmail} />
                </CardBody>
              </Card>
              <Card>
                <CardHeader title="Fail" description={`Close it undelivered and return ${total} USD.`} />
                <CardBody>
                  <FailOrderForm orderId={order.id} total={total} reseller={resellerEmail} />
                </CardBody>
              </Card>
            </>
          ) : null}

          {order.status === "completed" ? (
            <Card>
              <CardHeader title="Refund" description={`Reverse the order and return ${total} USD to the reseller.`} />
              <CardBody>
                <RefundOrderForm orderId={order.id} total={total} reseller={resellerEmail} />
              </CardBody>
            </Card>
          ) : null}
        </div>
      </div>
    </>
  );
}
