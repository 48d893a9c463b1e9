"use client";

import { useLinkPending } from "@/components/ui/link";

/**
 * A spinner on the navigation link just clicked, until its page arrives: the panel's pages are read
 * from the database on each visit, and on a slow connection a click otherwise looked like nothing.
 */
export function NavPending() {
  return useLinkPending() ? (
    <span
      role="status"
      aria-label="Loading"
      className="ml-auto h-4 w-4 shrink-0 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600"
      data-testid="nav-pending"
    />
  ) : null;
}
