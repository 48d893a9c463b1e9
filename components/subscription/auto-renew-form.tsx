"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/submit-button";
import type { ActionState } from "@/lib/panel/action-state";

type Action = (previous: ActionState, form: FormData) => Promise<ActionState>;

/** The auto-renew switch: a real form, so it works before hydration too. */
export function AutoRenewForm({ action, enabled }: { action: Action; enabled: boolean }) {
  const [state, formAction] = useActionState<ActionState, FormData>(action, { ok: false });
  return (
    <form action={formAction} className="space-y-3">
      <input type="hidden" name="enabled" value={enabled ? "false" : "true"} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-900" id="auto-renew-label">
            Auto-renew is <span data-testid="auto-renew-state">{enabled ? "on" : "off"}</span>
          </p>
          <p className="text-sm text-slate-500">
            {enabled
              ? "At the end of each period the next month is paid from your balance."
              : "The subscription expires at the end of its period; prices then fall back to Bronze."}
          </p>
        </div>
        <SubmitButton variant={enabled ? "secondary" : "primary"} size="sm">
          {enabled ? "Turn off" : "Turn on"}
        </SubmitButton>
      </div>
      {state.message ? <Alert tone={state.ok ? "success" : "error"}>{state.message}</Alert> : null}
    </form>
  );
}
