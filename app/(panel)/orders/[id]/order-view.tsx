import { DeliveryItems } from "@/components/orders/delivery-items";
import { OrderFacts, type DeclaredField } from "@/components/orders/order-facts";
import { OrderStatusBadge } from "@/components/orders/order-status-badge";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import type { OrderRecord } from "@/lib/orders/serialize";

import { LazyFollowOrder } from "./lazy-follow-order";
import { LazyOrderChat } from "./lazy-order-chat";
import type { ChatWindow } from "./order-chat";

/** How far an order that waits for an operator has got: since when one works on it, null while nobody does. */
export interface OperatorProgress {
  /** Formatted, "10:15 UTC". */
  operatorSince: string | null;
}

/**
 * The order as the server read it. While it is processing, FollowOrder (./lazy-follow-order) reads its status and has the
 * server render it again once the status is final; `progress` is for an order an operator works by
 * hand, which the page refreshes on its own.
 */
export function OrderView({
  order,
  chat,
  progress,
  declaredFields,
}: {
  order: OrderRecord;
  chat?: ChatWindow;
  progress: OperatorProgress | null;
  declaredFields: DeclaredField[];
}) {
  const delivery = order.delivery;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <OrderStatusBadge status={order.status} size="md" />
        <span className="font-mono text-xs break-all text-slate-500" data-testid="order-id">
          {order.order_id}
        </span>
      </div>

      {order.status === "processing" ? (
        <Alert tone="info">
          {progress ? (
            <>
              <span data-testid="order-progress">
                {progress.operatorSince
                  ? `An operator is working on your order (since ${progress.operatorSince}).`
                  : "Waiting for an operator to pick up your order."}
              </span>{" "}
              {order.type === "manual" ? "You can chat with our team below; this page updates by itself." : "This page updates by itself."}
            </>
          ) : (
            "Your order is being delivered. This page updates by itself."
          )}
          <LazyFollowOrder orderId={order.order_id} />
        </Alert>
      ) : null}
      {order.status === "failed" ? (
        <Alert tone="error">
          <p className="font-semibold">The order failed: the charge of {order.total} USD was returned to your balance.</p>
          {order.failure_reason ? (
            <p className="mt-1" data-testid="failure-reason">
              {order.failure_reason}
            </p>
          ) : null}
        </Alert>
      ) : null}
      {order.status === "refunded" ? (
        <Alert tone="warning">
          <p className="font-semibold">This order was refunded: {order.total} USD went back to your balance.</p>
          {order.failure_reason ? (
            <p className="mt-1" data-testid="failure-reason">
              {order.failure_reason}
            </p>
          ) : null}
        </Alert>
      ) : null}

      {delivery ? (
        <Card>
          <CardHeader title="Delivery" description={delivery.items.length > 0 ? "Copy each code into your shop or send it to your customer." : undefined} />
          <CardBody>
            <DeliveryItems
              items={delivery.items}
              note={delivery.note}
              unreadableHint="This code can't be shown right now because of a fault on our side. Our team has been told; it will appear here once it is fixed. Nothing else about your order has changed."
            />
          </CardBody>
        </Card>
      ) : null}

      {chat ? (
        <Card>
          <CardHeader title="Chat with the supplier" description="Messages about this order, between you and our team." />
          <CardBody>
            {/* A larger window ("Show earlier messages") starts a new chat from what the server read for it. */}
            <LazyOrderChat key={chat.size} orderId={order.order_id} initial={chat} live={order.status === "processing"} />
          </CardBody>
        </Card>
      ) : null}

      <Card>
        <CardHeader title="Details" />
        <CardBody>
          <OrderFacts order={order} declaredFields={declaredFields} />
        </CardBody>
      </Card>
    </div>
  );
}
