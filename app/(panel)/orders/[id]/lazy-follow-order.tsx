"use client";

import { lazy, Suspense, type ComponentProps } from "react";

const FollowOrder = lazy(() => import("./follow-order").then((follow) => ({ default: follow.FollowOrder })));

/**
 * The follower of an order still processing, its code (and the polling's) fetched only on such an
 * order's page: an order delivered, refunded or failed has nothing left to follow.
 */
export function LazyFollowOrder(props: ComponentProps<typeof FollowOrder>) {
  return (
    <Suspense>
      <FollowOrder {...props} />
    </Suspense>
  );
}
