"use client";

import { lazy, Suspense, type ComponentProps } from "react";

const DisabledBanner = lazy(() => import("./disabled-banner").then((banner) => ({ default: banner.DisabledBanner })));

/** The paused webhook's banner, its code fetched only when the webhook is paused, which it seldom is. */
export function LazyDisabledBanner(props: ComponentProps<typeof DisabledBanner>) {
  return (
    <Suspense>
      <DisabledBanner {...props} />
    </Suspense>
  );
}
