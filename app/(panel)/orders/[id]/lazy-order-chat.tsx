"use client";

import { lazy, Suspense, type ComponentProps } from "react";

const OrderChat = lazy(() => import("./order-chat").then((chat) => ({ default: chat.OrderChat })));

/**
 * The chat of an order fulfilled by hand, its code fetched only on the pages that show one: most
 * orders are delivered from stock or by a supplier and have none. The server renders it all the same,
 * so the messages are on the page before the code arrives.
 */
export function LazyOrderChat(props: ComponentProps<typeof OrderChat>) {
  return (
    <Suspense>
      <OrderChat {...props} />
    </Suspense>
  );
}
