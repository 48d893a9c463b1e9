"use client";

import { useActionState } from "react";
import { SubmitButton } from "@/components/ui/submit-button";
import type { ActionState } from "@/lib/panel/action-state";

/** Shown when the service turned the webhook off after too many failed deliveries. */
export function DisabledBanner({ action, failures }: { action: (previous: ActionState) => Promise<ActionState>; failures: number }) {
  const [state, formAction] = useActionState<ActionState>(action, { ok: false });
  return (
    <div role="alert" className="mb-6 rounded-xl border border-amber-300 bg-amber-50 px-4 py-4 sm:px-6" data-testid="webhook-disabled-banner">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="font-semibold text-amber-900">Deliveries are paused</p>
          <p className="mt-1 text-sm text-amber-800">
            Your webhook was turned off after {failures} consecutive failed attempts. Fix your receiver (the delivery log below says what went wrong), then turn
            it back on. Events that happened while it was off are not sent.
          </p>
          {!state.ok && state.message ? <p className="mt-1 text-sm text-red-700">{state.message}</p> : null}
        </div>
        <form action={formAction} className="shrink-0">
          <SubmitButton pendingText="Enabling…">Re-enable webhook</SubmitButton>
        </form>
      </div>
    </div>
  );
}
