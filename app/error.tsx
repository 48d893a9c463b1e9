"use client";

import { StandalonePage } from "@/components/panel/standalone-page";
import { Button } from "@/components/ui/button";

/**
 * A page, or the panel's frame, that failed to render: most often the database not answering, which
 * the frame needs for the signed-in user. The panel's look and a retry, where Next's own page was a
 * line of bare text. Neither a global-error.tsx nor a (panel)/error.tsx beside it: the root layout
 * reads nothing that could fail, and each would add a kilobyte to every page.
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
      <Button variant="primary" className="mt-6" onClick={() => retry()}>
        Try again
      </Button>
      {error.digest ? <p className="mt-4 text-xs text-slate-500">Reference for support: {error.digest}</p> : null}
    </StandalonePage>
  );
}
