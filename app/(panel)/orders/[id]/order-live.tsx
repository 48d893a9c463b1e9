"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { DeliveryItems } from "@/components/orders/delivery-items";
import { OrderFacts, type DeclaredField } from "@/components/orders/order-facts";
import { OrderStatusBadge } from "@/components/orders/order-status-badge";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import type { OrderRecord } from "@/lib/orders/serialize";
import { OrderChat, type ChatWindow } from "./order-chat";

export const POLL_MS = 1500;

async function fetchOrder(id: string): Promise<OrderRecord> {
  const response = await fetch(`/api/v2/order/${encodeURIComponent(id)}`, { cache: "no-store", headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`Order status answered ${response.status}`);
  return response.json();
}

/** How far an order that waits for an operator has got: since when one works on it, null while nobody does. */
export interface OperatorProgress {
  /** Formatted, "10:15 UTC". */
  operatorSince: string | null;
}

/**
 * The order, followed live: it polls while processing and stops once the status is final. `progress`
 * is for an order an operator works by hand; the server page refreshes it.
 */
export function OrderLive({
  initial,
  chat,
  progress,
  declaredFields,
}: {
  initial: OrderRecord;
  chat?: ChatWindow;
  progress: OperatorProgress | null;
  declaredFields: DeclaredField[];
}) {
  const router = useRouter();
  const { data: order, isError } = useQuery({
    queryKey: ["order", initial.order_id],
    queryFn: () => fetchOrder(initial.order_id),
    initialData: initial,
    refetchInterval: (query) => (query.state.data?.status === "processing" ? POLL_MS : false),
  });

  // A final status moves money (a failure refunds): refresh the server parts, such as the balance in the header.
  const previous = useRef(initial.status);
  useEffect(() => {
    if (previous.current === "processing" && order.status !== "processing") router.refresh();
    previous.current = order.status;
  }, [order.status, router]);

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
          {isError ? " (Reconnecting…)" : null}
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
            <OrderChat orderId={order.order_id} initial={chat} live={order.status === "processing"} />
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
