"use client";

import { StandalonePage } from "@/components/panel/standalone-page";

/**
 * A page, or the panel's frame, that failed to render: most often the database not answering, which
 * the frame needs for the signed-in user. The panel's look and a retry, where Next's own page was a
 * line of bare text. Neither a global-error.tsx nor a (panel)/error.tsx beside it: the root layout
 * reads nothing that could fail, and each would add a kilobyte to every page. For the same reason
 * the retry is a plain button in the primary button's look, not the Button component, whose variants
 * every page would load a second time (a page's own chunk has its own copy).
 *
 * A page only reads, so the failure itself moved no money; but an order or payment just confirmed may
 * have gone through before the next page failed, and sending it again before looking would pay twice.
 */
export default function AppError({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  return (
    <StandalonePage title="Something went wrong">
      <p className="mt-2 max-w-md text-sm text-slate-600">
        This page could not be loaded. It was not something you did; try again in a moment. If you had just confirmed an order or a payment, look for it under
        Orders or Balance before you send it again.
      </p>
      <button
        type="button"
        onClick={() => retry()}
        className="mt-6 inline-flex items-center justify-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        Try again
      </button>
      {error.digest ? <p className="mt-4 text-xs text-slate-500">Reference for support: {error.digest}</p> : null}
    </StandalonePage>
  );
}
