"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/**
 * Re-reads the page's server data every few seconds, so what others change (a reseller's order or
 * message, a transfer seen on the chain) shows up without a reload. A hidden tab asks nothing, and
 * catches up as soon as it is shown again. Client state (a filter being typed) survives a refresh.
 */
export function AutoRefresh({ every }: { every: number }) {
  const router = useRouter();
  useEffect(() => {
    const refreshIfShown = () => {
      if (document.visibilityState === "visible") router.refresh();
    };
    const timer = setInterval(refreshIfShown, every);
    document.addEventListener("visibilitychange", refreshIfShown);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", refreshIfShown);
    };
  }, [router, every]);
  return null;
}

/** The admin's lists: slower than a detail page's, as each refresh reads a whole page of rows. */
export const LIST_REFRESH_MS = 10_000;

/**
 * A reseller's order waiting for an operator: whether one has taken it is not urgent, and each
 * refresh reads the order and its chat again, on top of the page's own polling.
 */
export const PROGRESS_REFRESH_MS = 10_000;
