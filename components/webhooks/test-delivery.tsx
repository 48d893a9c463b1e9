"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import type { ActionState } from "@/lib/panel/action-state";
import type { DeliveryRecord } from "@/lib/webhooks/deliveries";
import { DeliveryOutcome } from "./delivery-outcome";
import { refreshDeliveryLog } from "./delivery-log-refresh";

type TestState = ActionState<{ delivery: DeliveryRecord }>;

/** Sends a webhook.test event now and shows the receiver's answer. */
export function TestDelivery({ action, configured }: { action: (previous: TestState) => Promise<TestState>; configured: boolean }) {
  const [state, formAction] = useActionState<TestState>(
    async (previous: TestState) => {
      const next = await action(previous);
      await refreshDeliveryLog();
      return next;
    },
    { ok: false },
  );
  const delivery = state.data?.delivery;
  return (
    <form action={formAction} className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        {configured ? (
          <SubmitButton variant="secondary" pendingText="Sending…">
            Send test event
          </SubmitButton>
        ) : (
          <Button variant="secondary" disabled>
            Send test event
          </Button>
        )}
        <span className="text-sm text-slate-500">{configured ? "Posts a signed webhook.test event to your URL now." : "Save an endpoint URL first."}</span>
      </div>
      {!state.ok && state.message ? <Alert tone="error">{state.message}</Alert> : null}
      {delivery ? (
        <div className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-3" data-testid="test-result" aria-live="polite">
          <p className="mb-2 text-xs font-medium tracking-wide text-slate-500 uppercase">Receiver&apos;s answer</p>
          <DeliveryOutcome delivery={delivery} />
          {delivery.response_body ? (
            <pre
              tabIndex={0}
              aria-label="Receiver's answer"
              className="mt-2 max-h-32 overflow-auto rounded bg-white px-2 py-1 font-mono text-xs break-all whitespace-pre-wrap text-slate-700"
            >
              {delivery.response_body}
            </pre>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}
