"use client";

/* eslint-disable @next/next/no-html-link-for-pages -- as in not-found.tsx: next/link here would weigh on every page */
import { BrandMark } from "@/components/panel/brand-mark";
import { FailureMessage, type FailureProps } from "@/components/errors/failure-message";

/**
 * A page, or the panel's frame, that failed to render: most often the database not answering, which
 * the frame needs for the signed-in user. The panel's look and a retry, where Next's own page was a
 * line of bare text. No global-error.tsx beside it: the root layout reads nothing that could fail,
 * and one would add a kilobyte to every page.
 */
export default function AppError(props: FailureProps) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 py-10">
      <a href="/" className="mb-8 flex items-center gap-2 rounded-md text-slate-900">
        <BrandMark />
      </a>
      <FailureMessage {...props} />
    </main>
  );
}
