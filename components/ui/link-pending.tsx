"use client";

import { useLinkPending } from "./link";
import { Spinner } from "./spinner";

/**
 * PendingLink's spinner, from the click until the next page arrives: the one part of it that must run
 * in the browser (it reads the Link it sits in). The panel's pages are read from the database on each
 * visit, and without a loading.tsx (which would answer a missing order or invoice with 200, not 404)
 * nothing else shows that the click was taken.
 */
export function LinkPending() {
  return useLinkPending() ? <Spinner className="ml-1.5" /> : null;
}
